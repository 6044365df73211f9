/** The rules in force for one run: the built-in catalogue plus the caller's custom rules. */
import type { Diagnostic } from '../core/diagnostics';
import type { DocumentKind } from '../model/kinds';
import { checkCustomRules } from './custom';
import { allRules, docsUrl } from './registry';
import { ruleKinds, type Rule } from '../rule-api/types';
import { checkDocsBaseUrl, DEFAULT_DOCS_BASE_URL } from '../core/docs-url';
import { boundedMemo } from '../util/memo';

/** Rules by id and by kind; every place that looks a rule up (settings, the run, directives, reports) takes one. */
export interface RuleCatalog {
  readonly byId: ReadonlyMap<string, Rule>;
  /** The built-in rules sorted by id, then the custom rules sorted by id. */
  readonly all: readonly Rule[];
  /** The custom rules alone. */
  readonly custom: readonly Rule[];
  /** The rules with a check that apply to a kind. */
  forKind(kind: DocumentKind): readonly Rule[];
  /** The rules that apply to a kind and claim keys its schema does not allow (`unknownKey`). */
  claimingKeys(kind: DocumentKind): readonly Rule[];
  /** Where the built-in rules' pages are published (a checked base URL ending in "/"): findings' `docsUrl` start with it. */
  readonly docsBaseUrl: string;
}

const byIdOrder = (a: Rule, b: Rule) => (a.id < b.id ? -1 : 1);

function makeCatalog(custom: readonly Rule[], docsBaseUrl: string): RuleCatalog {
  const all = [...allRules, ...[...custom].sort(byIdOrder)];
  // Each list is computed on first use per kind, then shared by every lint with this catalogue.
  const memo = (test: (r: Rule) => boolean) => {
    const byKind = new Map<DocumentKind, readonly Rule[]>();
    return (kind: DocumentKind): readonly Rule[] => {
      let list = byKind.get(kind);
      if (!list) byKind.set(kind, (list = all.filter((r) => test(r) && ruleKinds(r).includes(kind))));
      return list;
    };
  };
  return {
    byId: new Map(all.map((r) => [r.id, r])),
    all,
    custom,
    forKind: memo((r) => r.check !== undefined),
    claimingKeys: memo((r) => r.unknownKey !== undefined),
    docsBaseUrl,
  };
}

/** The built-in rules alone. */
export const BUILTIN_CATALOG: RuleCatalog = makeCatalog([], DEFAULT_DOCS_BASE_URL);

// The built-in rules under another docs base, one catalogue per base (so its per-kind lists are computed once).
const otherBase = boundedMemo((base) => makeCatalog([], base), 16);
const builtinAt = (base: string): RuleCatalog => (base === DEFAULT_DOCS_BASE_URL ? BUILTIN_CATALOG : otherBase(base));

/**
 * The catalogue with custom rules added, after checking their shape, and its links below
 * `docsBaseUrl` when given (throws `TypeError` naming the problem).
 */
export function catalogWith(customRules: unknown, where: string, docsBaseUrl?: unknown): RuleCatalog {
  const custom = checkCustomRules(customRules, where);
  const base =
    docsBaseUrl === undefined ? DEFAULT_DOCS_BASE_URL : checkDocsBaseUrl(docsBaseUrl, `${where}: "docsBaseUrl"`);
  if (custom.length > 0) return makeCatalog(custom, base);
  return builtinAt(base);
}

/** The same rules with their links below another docs base URL (given, or undefined for the default). */
export function catalogAt(catalog: RuleCatalog, docsBaseUrl: string | undefined, what: string): RuleCatalog {
  const base = docsBaseUrl === undefined ? DEFAULT_DOCS_BASE_URL : checkDocsBaseUrl(docsBaseUrl, what);
  if (base === catalog.docsBaseUrl) return catalog;
  return catalog.custom.length === 0 ? builtinAt(base) : { ...catalog, docsBaseUrl: base };
}

/**
 * The documentation URL of a code: a custom rule's own `docs.url` (none when it declares none),
 * else the page of the built-in rule or code family.
 */
export function codeDocsUrl(code: string, catalog: RuleCatalog = BUILTIN_CATALOG): string | undefined {
  if (!code.startsWith('@')) return docsUrl(code, catalog.docsBaseUrl);
  return catalog.byId.get(code)?.docs.url;
}

/**
 * The finding with its documentation link, as every report shows it: the one place findings get
 * their `docsUrl` (a link already there is kept; none for a custom rule that declares none). The
 * link goes last among the finding's fields, so JSON reports keep their field order. `owned`: the
 * finding is the caller's own (made for this lint, held by nothing else) and gets the link in place
 * — with thousands of findings, a copy of each alive beside it is what the collector pays for.
 */
export function withDocsUrl<D extends Diagnostic>(d: D, catalog: RuleCatalog = BUILTIN_CATALOG, owned = false): D {
  if (d.docsUrl !== undefined) return d;
  const url = codeDocsUrl(d.code, catalog);
  if (url === undefined) return d;
  if (owned) {
    d.docsUrl = url;
    return d;
  }
  // Not `{ ...d, docsUrl }`: on Node 20 a spread followed by a new key costs ~0.5 µs, Object.assign a tenth.
  return Object.assign({}, d, { docsUrl: url });
}
