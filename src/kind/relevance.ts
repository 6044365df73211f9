/**
 * Whether a document that fits no kind may still be meant as one: a top-level key a letter or two
 * from a kind's own, or a `$schema` (or modeline) naming one of our schemas. A file with none of
 * these is plainly unrelated (a CI workflow, a compose file), and a walk skips it.
 */
import { KIND_NAMES, kindSchemas, type KindName } from '../model/kinds';
import { editDistance } from '../util/suggest';
import { isObject } from '../util/pointer';

/**
 * Top-level keys that unrelated files use all the time (`name:` heads every CI workflow): they
 * decide nothing on their own. A ShadowLink is told by `configurations`, a ConnectError by its
 * shape (detection still recognises both as written).
 */
const COMMON_WORDS = new Set(['name', 'code', 'message', 'details', 'uid', 'status']);

/** `clientOptions`, `client_options` and `client-options` compare alike. */
const normalized = (key: string): string => key.toLowerCase().replace(/[-_]/g, '');

/** Each distinctive top-level key (normalized) and the first kind that has it, in the kind table's order. */
const DISTINCTIVE: readonly { key: string; spelled: string; kind: KindName }[] = (() => {
  const out = new Map<string, { key: string; spelled: string; kind: KindName }>();
  for (const kind of KIND_NAMES) {
    const properties = (kindSchemas[kind] as { properties?: Record<string, unknown> }).properties ?? {};
    for (const spelled of Object.keys(properties)) {
      if (spelled.startsWith('$') || COMMON_WORDS.has(spelled)) continue;
      const key = normalized(spelled);
      if (!out.has(key)) out.set(key, { key, spelled, kind });
    }
  }
  return [...out.values()];
})();

/** Most top-level keys compared: a near miss sits among a document's first keys, and the cost stays bounded. */
const MAX_KEYS_COMPARED = 1000;

/** A top-level key a letter or two from a kind's own. */
export interface NearMissKey {
  /** The key as written. */
  key: string;
  /** The kind's key it is close to, as the kind spells it. */
  like: string;
  kind: KindName;
}

/**
 * The first top-level key within a small edit distance of a distinctive top-level key of some kind
 * (1 for keys shorter than 8 letters, 2 otherwise, ignoring case, `_` and `-`); undefined if none.
 */
export function nearMissKey(value: unknown): NearMissKey | undefined {
  if (!isObject(value)) return undefined;
  let compared = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (++compared > MAX_KEYS_COMPARED) break;
    if (key.length > 64) continue;
    const k = normalized(key);
    for (const d of DISTINCTIVE) {
      const limit = d.key.length < 8 ? 1 : 2;
      if (editDistance(k, d.key, limit) <= limit) return { key, like: d.spelled, kind: d.kind };
    }
  }
  return undefined;
}

/** The kind a schema file name is close to (`ShadowLnk.schema.json`), if any. */
function nearKindName(name: string): KindName | undefined {
  const lower = name.toLowerCase();
  return KIND_NAMES.find((k) => editDistance(lower, k.toLowerCase(), 2) <= 2);
}

/**
 * True when a `$schema` reference is meant as one of ours: it mentions svc-admin-spec, or its file
 * is `<Name>.schema.json` with a name within two letters of a kind's.
 */
export function namesOurSchema(ref: string): boolean {
  if (ref.toLowerCase().includes('svc-admin-spec')) return true;
  // The last path segment, without a query or fragment.
  let file = ref.trim();
  file = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  for (const stop of ['?', '#']) if (file.includes(stop)) file = file.slice(0, file.indexOf(stop));
  const suffix = '.schema.json';
  if (!file.toLowerCase().endsWith(suffix) || file.length > 64 + suffix.length) return false;
  return nearKindName(file.slice(0, -suffix.length)) !== undefined;
}

/**
 * Why a document that fits no kind may still be meant as one (a sentence for `--verbose` and
 * messages), or undefined when it is plainly unrelated.
 */
export function relatedEvidence(value: unknown, modelineSchema?: string): string | undefined {
  const schema = isObject(value) && Object.hasOwn(value, '$schema') ? value['$schema'] : undefined;
  if (typeof schema === 'string' && namesOurSchema(schema)) return `its "$schema" names an svc-admin-spec schema`;
  if (modelineSchema !== undefined && namesOurSchema(modelineSchema))
    return 'its yaml-language-server modeline names an svc-admin-spec schema';
  const near = nearMissKey(value);
  if (near) return nearMissSentence(near);
  return undefined;
}

/** `"configuratons" is close to "configurations", a top-level key of a ShadowLink`. */
export const nearMissSentence = (near: NearMissKey): string =>
  `${JSON.stringify(near.key.slice(0, 80))} is close to "${near.like}", a top-level key of a ${near.kind}`;
