/**
 * What rpk does with a config file that its author may not expect, as findings in rpk's terms at
 * rpk's positions: the file refused (yaml.v2's errors, rpk's own checks), keys dropped without a
 * word (typos, the API's spellings, keys a release's rpk does not know yet), enum spellings sent as
 * UNSPECIFIED, durations read as nanoseconds or not sent, markers left unset, keys written twice.
 * Sources: the server repository's src/go/rpk/pkg/cli/shadow/ (types.go, create.go's
 * `validateParsedShadowLinkConfig`, mapper.go) and gopkg.in/yaml.v2 2.4.0.
 */
import type { Diagnostic, FileCode, Suggestion } from '../core/diagnostics';
import {
  type GoStruct,
  type GoType,
  RPK_CONFIG,
  RPK_RELEASE_TEXT,
  RPK_VERSION_ORDER,
  apiEnumsInRpkSpelling,
  type RpkVersion,
} from '../model/rpk-format';
import type { TargetVersion } from '../facts/target-version';
import { childPointer, isDigits, parsePointer } from '../util/pointer';
import { camelToSnake, nearest } from '../util/suggest';
import { modelKeyNames } from '../util/schema-walk';
import { kindSchemas } from '../model/kinds';
import { isSecretPointer } from '../secrets/classify';
import type { GoValue, Offsets, RpkRead } from './read';
import { goDuration } from './resolve';

/** A finding about an rpk file, with the offsets it is at. */
export interface RpkFinding {
  diagnostic: Diagnostic;
  at: Offsets;
}

type Obj = { [key: string]: GoValue };
const isObj = (v: GoValue | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The blocks whose every value may be a secret (a password written where its block belongs, PEM material). */
const SECRET_BLOCKS = /\/(authentication_configuration|tls_pem_settings)(\/|$)/;

/** Where a value refused by yaml.v2 may be a secret: a credential key (the shared classification), or inside a secret block. */
const mayBeSecret = (pointer: string): boolean => isSecretPointer(pointer) || SECRET_BLOCKS.test(pointer);

/** A release's words at the start of a sentence ("rpk 26.1" stays as rpk writes its name). */
const upperFirst = (text: string) => text.replace(/^the /, 'The ');

let apiNames: ReadonlyMap<string, string> | undefined;
/**
 * An API message in rpk's terms: the API's field names between backticks (`tlsPemSettings.key`)
 * as rpk's file writes them (`tls_pem_settings.key`); only names of the API's fields, never values.
 */
export function inRpkTerms(message: string): string {
  apiNames ??= new Map(
    [...modelKeyNames(Object.values(kindSchemas))].filter((k) => /[A-Z]/.test(k)).map((k) => [k, camelToSnake(k)]),
  );
  const names = apiNames;
  return apiEnumsInRpkSpelling(
    message.replace(/`[^`]+`/g, (quoted) => quoted.replace(/[A-Za-z]+/g, (word) => names.get(word) ?? word)),
  );
}

/** `client_options.tls_settings.enabled`: a pointer in rpk's structs as rpk's docs write a key. */
export const rpkPath = (pointer: string): string =>
  parsePointer(pointer)
    .map((t, i) => (isDigits(t) ? `[${t}]` : `${i > 0 ? '.' : ''}${t}`))
    .join('') || 'the file';

/**
 * The findings of an rpk file read by `readRpkConfig`, judged as `rpk` (that release of rpk) reads
 * it and sends it to a server of version `server`.
 */
export function rpkFindings(read: RpkRead, rpk: RpkVersion, server: TargetVersion): RpkFinding[] {
  const out: RpkFinding[] = [];
  const add = (code: FileCode, pointer: string, at: Offsets, message: string, suggestions?: Suggestion[]) =>
    out.push({
      diagnostic: { code, severity: 'error', pointer, message, ...(suggestions ? { suggestions } : {}) },
      at,
    });
  const keyAt = (pointer: string): Offsets =>
    read.written.get(pointer)?.key ?? read.written.get(pointer)?.value ?? [0, 0];
  const valueAt = (pointer: string): Offsets => read.written.get(pointer)?.value ?? keyAt(pointer);

  for (const e of read.errors) {
    // yaml.v2 quotes (up to ten bytes of) the value it refuses: where secrets live, not a byte of it.
    const message = mayBeSecret(e.pointer) ? e.message.replace(/`[^`]*`/g, '`********`') : e.message;
    // Go's time errors are not quoted: this reader words them itself.
    const said = e.message.startsWith('parsing time')
      ? `\`${rpkPath(e.pointer)}\` is not a time rpk can read (Go's time.Time reads quoted text as RFC 3339 only)`
      : `yaml.v2 says "${message}"`;
    add('rpk/refused', e.pointer, e.at, `rpk refuses this file: ${said}${refusalHint(e.message)}`);
  }
  for (const d of read.dropped) {
    // A file may name its schema: rpk drops the key, and it was meant for editors only.
    if (d.parent === '' && d.key === '$schema') continue;
    const pointer = childPointer(d.parent, d.key);
    const { message, to } = droppedKey(d.key, d.struct, d.parent);
    add(
      'rpk/dropped-key',
      pointer,
      d.at,
      message,
      to === undefined
        ? undefined
        : [{ message: `Rename to "${to}".`, fix: { kind: 'rename-key', pointer, to }, autofix: false }],
    );
  }
  for (const r of read.repeated) {
    add(
      'rpk/repeated-key',
      r.pointer,
      r.at,
      `\`${rpkPath(r.pointer)}\` is written twice in one mapping: rpk keeps the last value (and merges two mappings key by key). Keep one.`,
    );
  }
  for (const n of read.notes) {
    if (n.kind === 'truncated') {
      const duration = n.into === 'duration';
      const meant = `${n.written}s`;
      add(
        'rpk/truncated',
        n.pointer,
        n.at,
        duration
          ? `\`${rpkPath(n.pointer)}: ${n.written}\` is read by rpk as ${n.read} nanosecond${n.read === 1 ? '' : 's'}: a number is nanoseconds to a Go duration, and yaml.v2 drops its fraction. Write a unit: \`${meant}\`.`
          : `\`${rpkPath(n.pointer)}: ${n.written}\` is read by rpk as ${n.read}: yaml.v2 drops the fraction of a number for an integer field without a word. Write the whole number meant.`,
        duration && /^[\d_.]+$/.test(n.written)
          ? [
              {
                message: `Write ${meant}.`,
                fix: { kind: 'replace-value', pointer: n.pointer, value: meant },
                autofix: false,
              },
            ]
          : undefined,
      );
    } else if (n.kind === 'number-duration') {
      const ns = Number(n.written.replace(/_/g, ''));
      // Below a millisecond a number is a mistake (seconds meant); above, it may be nanoseconds on purpose.
      const mistake = !(ns >= 1_000_000);
      const meant = mistake ? `${n.written}s` : goDuration(ns);
      out.push({
        diagnostic: {
          code: 'rpk/nanoseconds',
          severity: mistake ? 'error' : 'info',
          pointer: n.pointer,
          message: mistake
            ? `\`${rpkPath(n.pointer)}: ${n.written}\` is a number, which rpk reads as ${n.written} nanoseconds (a Go time.Duration), not seconds. Write a unit: \`${meant}\`.`
            : `\`${rpkPath(n.pointer)}: ${n.written}\` is read as nanoseconds: ${meant}. Writing \`${meant}\` says so.`,
          ...(/^[\d_.]+$/.test(n.written)
            ? {
                suggestions: [
                  {
                    message: `Write ${meant}.`,
                    fix: { kind: 'replace-value', pointer: n.pointer, value: meant },
                    autofix: !mistake,
                  },
                ],
              }
            : {}),
        },
        at: n.at,
      });
    } else
      add(
        'rpk/null-marker',
        n.pointer,
        keyAt(n.pointer),
        `\`${rpkPath(n.pointer)}:\` with nothing after it is null to rpk: the option is not set. Write \`${parsePointer(n.pointer).at(-1)}: {}\` to set it.`,
        [{ message: 'Write {}.', fix: { kind: 'replace-value', pointer: n.pointer, value: {} }, autofix: false }],
      );
  }
  // Past type mismatches yaml.v2 reads on (the value holds everything else): the rest is judged on
  // it too, so that fixing the mismatch is not followed by a second round. A failure that stopped
  // the reading leaves nothing sure to judge.
  if (read.errors.some((e) => e.kind !== 'type')) return out;
  // A field yaml.v2 could not read holds its zero value: nothing more to say of it than the refusal.
  const refused = new Set(read.errors.map((e) => e.pointer));
  // Most keys are read by every release: the version checks only for those that are not.
  const rpkOrder = RPK_VERSION_ORDER[rpk];
  const serverOrder = RPK_VERSION_ORDER[server];
  walk(
    RPK_CONFIG,
    read.value,
    '',
    (t, value, pointer, since) => {
      if (refused.has(pointer)) return false;
      if (!read.written.has(pointer)) return true;
      const order = RPK_VERSION_ORDER[since];
      if (order > rpkOrder) {
        add(
          'rpk/newer-key',
          pointer,
          keyAt(pointer),
          `${upperFirst(RPK_RELEASE_TEXT[rpk])} does not know \`${rpkPath(pointer)}\` (read from ${RPK_RELEASE_TEXT[since]} on): it drops it without a word. Remove it, or set targetVersion (or rpkVersion) to the release this link is created with.`,
        );
        // What is under a dropped key is not read at all.
        return false;
      }
      if (order > serverOrder) {
        add(
          'rpk/newer-key',
          pointer,
          keyAt(pointer),
          `${upperFirst(RPK_RELEASE_TEXT[rpk])} sends \`${rpkPath(pointer)}\`, but a ${server} server does not know the field (${RPK_RELEASE_TEXT[since]} is the first to send it) and ignores it without a word. Remove it, or upgrade the server first.`,
        );
        // rpk reads what is under it all the same: what it drops or changes there is said too.
        return true;
      }
      if (t.kind === 'string' && t.values && typeof value === 'string' && value !== '' && !t.values.includes(value)) {
        const to = enumGuess(value, t.values);
        add(
          'rpk/unmapped-enum',
          pointer,
          valueAt(pointer),
          `rpk does not know ${JSON.stringify(value)} for \`${rpkPath(pointer)}\` (exact, case-sensitive: ${t.values.map((x) => `\`${x}\``).join(', ')}); it sends UNSPECIFIED instead, which the server refuses or reads otherwise.${to ? ` Did you mean \`${to}\`?` : ''}`,
          to
            ? [{ message: `Write ${to}.`, fix: { kind: 'replace-value', pointer, value: to }, autofix: true }]
            : undefined,
        );
      }
      if (t.kind === 'string' && !t.values && typeof value === 'string' && value.includes('${')) {
        const placeholder = /\$\{(?!secrets\.)[A-Za-z_][A-Za-z0-9_]*\}/.exec(value);
        if (placeholder)
          out.push({
            diagnostic: {
              code: 'rpk/literal-placeholder',
              severity: 'warning',
              pointer,
              message: `rpk does not expand \`${placeholder[0]}\` in \`${rpkPath(pointer)}\`: it sends the text as written, and the server gets the placeholder itself. Write the value (or let the tool that renders this file fill it in before rpk reads it).`,
            },
            at: valueAt(pointer),
          });
      }
      // A null interval is not set, as meant; a zero or negative one was written and is not sent.
      if (t.kind === 'duration' && typeof value === 'number' && value <= 0 && !read.written.get(pointer)?.null)
        add(
          'rpk/not-sent',
          pointer,
          valueAt(pointer),
          `\`${rpkPath(pointer)}\` is ${value === 0 ? 'zero' : 'negative'}: rpk sends an interval only when it is above zero, so the server uses its default. Write the interval you want (\`30s\`), or remove the key to say you want the default.`,
        );
      return true;
    },
    read.writtenKeys,
  );
  for (const v of validation(read.value, rpk)) add('rpk/invalid', v.pointer, keyAt(v.pointer), v.message);
  return out;
}

/** Calls `visit` with every field of every struct reached in `value`, with its type, pointer and version; below a field only when it answers true. */
function walk(
  t: GoStruct,
  value: GoValue,
  pointer: string,
  visit: (t: GoType, value: GoValue, pointer: string, since: RpkVersion) => boolean,
  writtenKeys: WeakMap<object, Set<string>>,
): void {
  if (!isObj(value)) return;
  const keys = writtenKeys.get(value);
  for (const field of t.fields) {
    const v = value[field.key] ?? null;
    // Null is an unset pointer, list or time: nothing rpk sends, nothing to judge. A scalar not
    // written is its zero value: nothing to judge either.
    if (v === null || (typeof v !== 'object' && !keys?.has(field.key))) continue;
    const p = childPointer(pointer, field.key);
    if (!visit(field.type, v, p, field.since)) continue;
    const inner = field.type.kind === 'ptr' ? field.type.to : field.type;
    if (inner.kind === 'struct') walk(inner, v, p, visit, writtenKeys);
    else if (inner.kind === 'slice' && Array.isArray(v)) {
      const of = inner.of.kind === 'ptr' ? inner.of.to : inner.of;
      v.forEach((item, i) => {
        const ip = childPointer(p, i);
        visit(inner.of, item, ip, field.since);
        if (of.kind === 'struct') walk(of, item, ip, visit, writtenKeys);
      });
    }
  }
}

/** What to say of a key rpk drops, and the key it was likely meant to be. */
function droppedKey(key: string, struct: GoStruct, parent: string): { message: string; to?: string } {
  const keys = struct.fields.map((f) => f.key);
  const where = parent === '' ? 'at the top level of the file' : `in \`${rpkPath(parent)}\``;
  const snake = camelToSnake(key);
  const start = `rpk drops \`${key}\` ${where} without a word (${struct.name} has no such field; rpk reads the file with yaml.v2's non-strict Unmarshal)`;
  if (snake !== key && keys.includes(snake))
    return { message: `${start}: \`${key}\` is the Admin API's spelling; rpk's key is \`${snake}\`.`, to: snake };
  if (parent === '' && key === 'configurations')
    return {
      message: `${start}: the Admin API nests the sync options under \`configurations\`; in rpk's file they sit at the top level, beside \`name\`.`,
    };
  const guess = nearest(key, keys);
  if (guess !== undefined) return { message: `${start}: did you mean \`${guess}\`?`, to: guess };
  // A key of another block, written at the wrong level: say where it belongs.
  const all = allKeys();
  const elsewhere = nearest(snake, [...all.keys()]);
  return elsewhere !== undefined
    ? {
        message: `${start}: \`${elsewhere}\` is a key of \`${rpkPath(all.get(elsewhere)!)}\`; is that what this is?`,
      }
    : { message: `${start}. Remove it or fix its name.` };
}

let keyPlaces: Map<string, string> | undefined;
/** Every key of rpk's structs below the top level, with the first block that has it (list items as `0`). */
function allKeys(): Map<string, string> {
  if (keyPlaces) return keyPlaces;
  const found = new Map<string, string>();
  const visit = (t: GoStruct, pointer: string, depth: number) => {
    for (const f of t.fields) {
      if (pointer !== '' && !found.has(f.key)) found.set(f.key, pointer);
      const inner = f.type.kind === 'ptr' ? f.type.to : f.type.kind === 'slice' ? f.type.of : f.type;
      const struct = inner.kind === 'ptr' ? inner.to : inner;
      const below = f.type.kind === 'slice' ? `${childPointer(pointer, f.key)}/0` : childPointer(pointer, f.key);
      if (struct.kind === 'struct' && depth < 8) visit(struct, below, depth + 1);
    }
  };
  visit(RPK_CONFIG, '', 0);
  return (keyPlaces = found);
}

/** The rpk spelling an unknown enum string most likely means: another case, the API's name, the other filter's spelling. */
function enumGuess(value: string, values: readonly string[]): string | undefined {
  const norm = (s: string) => s.toUpperCase().replace(/-/g, '_');
  const v = norm(value);
  for (const x of values) if (norm(x) === v) return x;
  // The API's name (`PATTERN_TYPE_LITERAL`, `SCRAM_MECHANISM_SCRAM_SHA_256`): rpk's is its end.
  for (const x of values) if (v.endsWith(`_${norm(x)}`)) return x;
  const alias: Record<string, string> = {
    PREFIXED: 'PREFIX',
    PREFIX: 'PREFIXED',
    SR_SUBJECT: 'SUBJECT',
    SR_REGISTRY: 'REGISTRY',
  };
  const a = alias[v];
  return a !== undefined && values.includes(a) ? a : undefined;
}

/** A hint after yaml.v2's words for the common refusals. */
function refusalHint(message: string): string {
  if (/cannot unmarshal !!str `[^`]*` into (bool|int32)/.test(message))
    return ': a quoted value is a string to rpk; write the number or true/false without quotes.';
  if (/into time\.Duration/.test(message))
    return ': write a Go duration with a unit (`30s`, `1m30s`, `500ms`); `1d` and ISO 8601 (`PT30S`) are not Go durations.';
  if (/out of range|into int32/.test(message) && /!!int/.test(message))
    return ': the field is a 32-bit integer (at most 2147483647).';
  if (message.startsWith('parsing time')) return ': write an RFC 3339 time (`2024-01-01T00:00:00Z`).';
  return '.';
}

/**
 * rpk's own checks before it sends (`validateParsedShadowLinkConfig`), each with rpk's message; all
 * of them, though rpk stops at the first. The cloud checks apply when the file has `cloud_options`.
 */
function validation(value: GoValue, rpk: RpkVersion): { pointer: string; message: string }[] {
  const out: { pointer: string; message: string }[] = [];
  if (!isObj(value)) return out;
  const say = (pointer: string, text: string) =>
    out.push({ pointer, message: `rpk refuses this file: "invalid Shadow Link configuration: ${text}".` });
  const obj = (v: GoValue | undefined) => (isObj(v) ? v : undefined);
  // What this release of rpk holds: the keys it does not know yet were dropped.
  const knows = (since: RpkVersion) => RPK_VERSION_ORDER[since] <= RPK_VERSION_ORDER[rpk];
  const client = obj(value['client_options']);
  const cloud = knows('26.1') ? obj(value['cloud_options']) : undefined;
  if (value['name'] === '') say('/name', 'the Shadow Link name is required');
  // rpk 25.3 and 26.1 read the bootstrap servers through the block unchecked; later releases check.
  if (!client && !knows('next'))
    out.push({
      pointer: '',
      message: `${upperFirst(RPK_RELEASE_TEXT[rpk])} crashes on a file without \`client_options\` (it reads its bootstrap servers without checking that the block is there). Add \`client_options\` with \`bootstrap_servers\`.`,
    });
  else if (!cloud && !(Array.isArray(client?.['bootstrap_servers']) && client['bootstrap_servers'].length > 0))
    say(client ? '/client_options' : '', 'at least one bootstrap server is required');
  const both = (o: Obj | undefined, a: string, b: string) => !!o && isObj(o[a] ?? null) && isObj(o[b] ?? null);
  const tls = obj(client?.['tls_settings']);
  if (both(tls, 'tls_file_settings', 'tls_pem_settings'))
    say('/client_options/tls_settings', 'only one of TLS file settings or PEM settings can be provided');
  const auth = obj(client?.['authentication_configuration']);
  if (knows('26.1') && both(auth, 'scram_configuration', 'plain_configuration'))
    say(
      '/client_options/authentication_configuration',
      'only one of scram_configuration or plain_configuration can be provided',
    );
  const topics = obj(value['topic_metadata_sync_options']);
  if (
    topics &&
    ['start_at_latest', 'start_at_earliest', 'start_at_timestamp'].filter((k) => topics[k] !== null).length > 1
  )
    say(
      '/topic_metadata_sync_options',
      'only one of start_at_latest, start_at_earliest, or start_at_timestamp can be provided',
    );
  const sr = obj(value['schema_registry_sync_options']);
  // The schema registry API mode and role sync are read from the release after 26.1 only.
  const api = knows('next') ? obj(sr?.['shadow_schema_registry_api']) : undefined;
  if (api && both(sr, 'shadow_schema_registry_topic', 'shadow_schema_registry_api'))
    say(
      '/schema_registry_sync_options',
      'only one of shadow_schema_registry_topic or shadow_schema_registry_api can be provided',
    );
  if (both(obj(api?.['tls_settings']), 'tls_file_settings', 'tls_pem_settings'))
    say(
      '/schema_registry_sync_options/shadow_schema_registry_api/tls_settings',
      'only one of schema registry API TLS file settings or PEM settings can be provided',
    );
  if (both(obj(api?.['destination']), 'identity', 'exact'))
    say(
      '/schema_registry_sync_options/shadow_schema_registry_api/destination',
      'only one of schema registry destination identity or exact can be provided',
    );
  if (!cloud) return out;
  if (knows('next') && value['role_sync_options'] !== null)
    say('/role_sync_options', 'role sync options are not yet supported for Redpanda Cloud shadow links');
  if (cloud['shadow_redpanda_id'] === '') say('/cloud_options', 'shadow_redpanda_id is required in cloud options');
  else if (cloud['shadow_redpanda_id'] === cloud['source_redpanda_id'])
    say('/cloud_options/shadow_redpanda_id', 'shadow_redpanda_id and source_redpanda_id cannot be the same');
  if (tls && isObj(tls['tls_file_settings'] ?? null))
    say(
      '/client_options/tls_settings/tls_file_settings',
      'TLS file settings are not supported when using cloud options; use tls_pem_settings instead',
    );
  if (isObj(obj(api?.['tls_settings'])?.['tls_file_settings'] ?? null))
    say(
      '/schema_registry_sync_options/shadow_schema_registry_api/tls_settings/tls_file_settings',
      'schema registry API TLS file settings are not supported when using cloud options; use tls_pem_settings instead',
    );
  const secret = (pointer: string, v: GoValue | undefined, what: string) => {
    if (typeof v === 'string' && v !== '' && !v.startsWith('${secrets.'))
      say(
        pointer,
        `cloud shadow links don't support plain ${what}, you must use secrets from the secrets store. See 'rpk security secret --help' for more details`,
      );
  };
  const scram = obj(auth?.['scram_configuration']);
  const plain = knows('26.1') ? obj(auth?.['plain_configuration']) : undefined;
  const authPath = '/client_options/authentication_configuration';
  if (scram) secret(`${authPath}/scram_configuration/password`, scram['password'], 'passwords');
  else if (plain) secret(`${authPath}/plain_configuration/password`, plain['password'], 'passwords');
  secret('/client_options/tls_settings/tls_pem_settings/key', obj(tls?.['tls_pem_settings'])?.['key'], 'TLS keys');
  return out;
}
