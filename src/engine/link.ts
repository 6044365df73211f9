/** Where a document's shadow link sits: what rules read through `ctx.link`. */
import { kindOf, type DocumentKind } from '../model/kinds';
import { own } from '../util/pointer';
import type { LinkLocation } from '../rule-api/types';

/** The shadow link object of a document, if the kind has one and it is present. */
export function locateLink(kind: DocumentKind, doc: unknown): LinkLocation | undefined {
  const placement = kindOf(kind).link;
  if (!placement) return undefined;
  if (placement.pointer === '') return { value: doc, pointer: '', sections: new Map() };
  const value = own(doc, placement.pointer.slice(1));
  return value === undefined ? undefined : { value, pointer: placement.pointer, sections: new Map() };
}
