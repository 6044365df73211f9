/** Which document kind a file holds: an explicit `$schema`, or else its shape. */
import { RPK_CONFIG } from '../model/rpk-format';
import { isKindName, KIND_NAMES, schemaUrl, type KindName } from '../model/kinds';
import { isObject, own } from '../util/pointer';
import { nearMissKey, nearMissSentence } from './relevance';

/** Why a kind could not be decided; each is the `kind/<reason>` code of the finding. */
export const KIND_REASONS = ['unknown-schema', 'ambiguous', 'unrecognised'] as const;

/** The option blocks rpk's file has beside `name` (where the API has `configurations`). */
const RPK_BLOCKS = RPK_CONFIG.fields.map((f) => f.key).filter((k) => k !== 'name');

/** How a kind was decided, or why it could not be. */
export type KindDecision =
  | { kind: KindName; by: 'flag' | 'schema' | 'modeline' | 'shape' }
  | { kind: null; reason: (typeof KIND_REASONS)[number]; message: string };

const HOW_TO_NAME = `Name the kind with a top-level "$schema" (e.g. "${schemaUrl('ShadowLink')}"), a "# yaml-language-server: $schema=…" modeline, or --kind <${KIND_NAMES.join('|')}>.`;

const SUFFIX = '.schema.json';
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isLineBreak = (c: string) => c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';

/**
 * The kind a `$schema` reference names: any URL or path whose file name is `<Kind>.schema.json`,
 * optionally followed by a `?query` or `#fragment` on the same line. A scan rather than a regular
 * expression: an unanchored pattern ending in `$` took minutes on a crafted 1 MB reference.
 */
export function kindOfSchemaRef(ref: string): KindName | undefined {
  const text = ref.trim();
  let lastBreak = -1;
  for (let i = text.length - 1; i >= 0; i--) {
    if (isLineBreak(text[i]!)) {
      lastBreak = i;
      break;
    }
  }
  for (let at = text.indexOf(SUFFIX); at >= 0; at = text.indexOf(SUFFIX, at + 1)) {
    const end = at + SUFFIX.length;
    // After the name: the end, or a query or fragment that runs to the end without a line break.
    if (end !== text.length && !((text[end] === '?' || text[end] === '#') && end > lastBreak)) continue;
    let start = at;
    while (start > 0 && isLetter(text.charCodeAt(start - 1))) start--;
    if (start === at || (start > 0 && text[start - 1] !== '/' && text[start - 1] !== '\\')) continue;
    const name = text.slice(start, at);
    return isKindName(name) ? name : undefined;
  }
  return undefined;
}

/** A field in either JSON spelling protojson reads (`clientOptions` or `client_options`). */
function field(object: unknown, camel: string, snake: string): unknown {
  return own(object, camel) ?? own(object, snake);
}

/**
 * What the secret-bearing blocks of a link say about who wrote it. A request carries the secret
 * (`password`, PEM `key`); the server never returns one without its marker (`passwordSet`,
 * `keyFingerprint`), so a secret without its marker is the request's own evidence.
 */
function secretEvidence(link: unknown): { request: boolean; response: boolean } {
  const evidence = { request: false, response: false };
  const client = field(own(link, 'configurations'), 'clientOptions', 'client_options');
  const auth = field(client, 'authenticationConfiguration', 'authentication_configuration');
  const pem = field(field(client, 'tlsSettings', 'tls_settings'), 'tlsPemSettings', 'tls_pem_settings');
  const blocks: [unknown, string, string, string, string][] = [
    [field(auth, 'scramConfiguration', 'scram_configuration'), 'password', 'password', 'passwordSet', 'password_set'],
    [field(auth, 'plainConfiguration', 'plain_configuration'), 'password', 'password', 'passwordSet', 'password_set'],
    [pem, 'key', 'key', 'keyFingerprint', 'key_fingerprint'],
  ];
  for (const [block, secret, secretSnake, marker, markerSnake] of blocks) {
    if (!isObject(block)) continue;
    const hasMarker = field(block, marker, markerSnake) !== undefined;
    if (hasMarker) evidence.response = true;
    else if (field(block, secret, secretSnake) !== undefined) evidence.request = true;
  }
  return evidence;
}

/**
 * A `{shadowLink: …}` document is a create request unless the link carries the server's own
 * fields. `uid`/`status` alone do not decide it: a response pasted into a request keeps them, and
 * linting it as a response would pass what the server refuses. A secret without its marker makes
 * it a request (with mistakes); `status` or a secret's marker make it a response; a `uid` with
 * neither is ambiguous.
 */
function kindOfWrappedLink(link: unknown): { kind?: KindName; ambiguous?: string } {
  if (!isObject(link)) return { kind: 'CreateShadowLinkRequest' };
  const uid = own(link, 'uid') !== undefined;
  const status = own(link, 'status') !== undefined;
  if (!uid && !status) return { kind: 'CreateShadowLinkRequest' };
  const evidence = secretEvidence(link);
  if (evidence.request) return { kind: 'CreateShadowLinkRequest' };
  if (status || evidence.response) return { kind: 'CreateShadowLinkResponse' };
  return {
    ambiguous:
      'The link has a "uid", which only the server sets, but nothing else of a CreateShadowLink response (no "status", no "passwordSet" or "keyFingerprint"): it may be a response, or a response pasted into a create request (the server refuses a request with a "uid").',
  };
}

/** Guesses a kind from the top-level shape; undefined when it fits none or several equally. */
function kindOfShape(value: unknown): { kind?: KindName; ambiguous?: string } {
  if (!isObject(value)) return {};
  // Asked key by key (a document may have thousands of keys); the list only where every key matters.
  const has = (k: string) => Object.prototype.propertyIsEnumerable.call(value, k);
  let listed: string[] | undefined;
  const keys = () => (listed ??= Object.keys(value).filter((k) => k !== '$schema'));
  // rpk's own file format: option blocks beside `name`, no `configurations` and no request wrapper;
  // other keys beside them are typos rpk drops (reported as such), not another kind.
  if (RPK_BLOCKS.some(has) && !has('configurations') && !has('shadowLink') && !has('shadow_link'))
    return { kind: 'RpkShadowLinkConfig' };
  if (has('shadowLink') || has('shadow_link'))
    return kindOfWrappedLink(own(value, 'shadowLink') ?? own(value, 'shadow_link'));
  if (has('broker')) return { kind: 'GetBrokerResponse' };
  if (
    has('configurations') ||
    (has('name') && keys().every((k) => ['name', 'configurations', 'uid', 'status'].includes(k)))
  ) {
    return { kind: 'ShadowLink' };
  }
  if (has('code') || (has('message') && has('details'))) return { kind: 'ConnectError' };
  if (has('nodeId') || has('node_id')) return { kind: 'GetBrokerRequest' };
  if (keys().length === 0)
    return {
      ambiguous: 'An empty object is a valid GetBrokerRequest but also an empty (invalid) document of any other kind.',
    };
  return {};
}

/** Decides the kind of a parsed document. */
export function detectKind(value: unknown, hints: { flag?: KindName; modelineSchema?: string }): KindDecision {
  if (hints.flag) return { kind: hints.flag, by: 'flag' };
  const schema = own(value, '$schema');
  if (typeof schema === 'string') {
    const kind = kindOfSchemaRef(schema);
    if (kind) return { kind, by: 'schema' };
    return {
      kind: null,
      reason: 'unknown-schema',
      message: `"$schema" is ${JSON.stringify(schema.slice(0, 200))}, which names none of the svc-admin-spec schemas. ${HOW_TO_NAME}`,
    };
  }
  if (hints.modelineSchema !== undefined) {
    const kind = kindOfSchemaRef(hints.modelineSchema);
    if (kind) return { kind, by: 'modeline' };
  }
  const shape = kindOfShape(value);
  if (shape.kind) return { kind: shape.kind, by: 'shape' };
  if (shape.ambiguous)
    return {
      kind: null,
      reason: 'ambiguous',
      message: `Cannot tell which document this is. ${shape.ambiguous} ${HOW_TO_NAME}`,
    };
  // A key a letter or two from a kind's own is most likely that kind misspelt: say which.
  const near = nearMissKey(value);
  return {
    kind: null,
    reason: 'unrecognised',
    message: `This does not look like any Admin API v2 document (expected e.g. "name" and "configurations" for a ShadowLink, "shadowLink" for a CreateShadowLink request). ${near ? `${nearMissSentence(near)}: check its spelling. ` : ''}${HOW_TO_NAME}`,
  };
}
