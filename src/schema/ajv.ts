/** Using the exported JSON Schemas with ajv, whose default strict mode refuses keywords it does not know. */
import { isUuid } from '../model/formats';

/**
 * The keywords of the exported schemas that are not JSON Schema: annotations for editors (VS Code's
 * JSON language service and the YAML language server). They never change a verdict.
 */
export const EDITOR_KEYWORDS = [
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'defaultSnippets',
  'doNotSuggest',
  'errorMessage',
  'patternErrorMessage',
] as const;

/** What `addSchemaSupport` needs of an ajv instance (ajv 8's `Ajv2020` has it). */
export interface AjvLike {
  /** Tells whether the instance already defines a keyword (ajv-errors' `errorMessage` is kept). */
  getKeyword(keyword: string): unknown;
  /** Declares an editor keyword as an annotation, so that strict mode accepts the schemas. */
  addKeyword(definition: { keyword: string }): unknown;
  /** Adds a string format the schemas use and the instance lacks. */
  addFormat(name: string, format: (value: string) => boolean): unknown;
  readonly formats: Readonly<Record<string, unknown>>;
}

/**
 * Prepares an ajv instance (`Ajv2020`: the schemas are draft 2020-12) for the exported schemas:
 * declares the editor keywords as annotations and adds the `uuid` format, each only where the
 * instance does not define it already (ajv-errors' `errorMessage` and ajv-formats' `uuid` are kept).
 * Returns the instance, as ajv plugins do.
 */
export function addSchemaSupport<A extends AjvLike>(ajv: A): A {
  for (const keyword of EDITOR_KEYWORDS) if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
  if (!Object.hasOwn(ajv.formats, 'uuid')) ajv.addFormat('uuid', isUuid);
  return ajv;
}
