/**
 * Every API rule through rpk's config file: each invalid example that carries a shadow link is
 * written as the file rpk would read for it (`apiToRpk`, YAML 1.1 as yaml.v2 resolves it), linted
 * with `lintText`, and the rule must fire again — at the place in the file its pointer comes from,
 * with the same message, in rpk's terms. What cannot arise from an rpk file is in IMPOSSIBLE with
 * the reason (and the rpk/ finding that fires instead, when there is one); what should arise but
 * does not is in KNOWN_GAPS with a diagnosis. Both tables are held exact: an entry that fires
 * anyway, or that matches no example, fails, and so does a rule in neither that does not fire.
 */
import { Document, visit } from 'yaml';
import { describe, expect, it } from 'vitest';
import { allRules } from '../src/engine/registry';
import { exampleKind, exampleLintOptions } from '../src/lint/rule-examples';
import { lintText, type TextResult } from '../src/lint/lint-text';
import { apiToRpk } from '../src/rpk/mapper';
import { readRpkConfig } from '../src/rpk/read';
import { inRpkTerms, rpkPath } from '../src/rpk/findings';
import { goDuration, resolvePlain } from '../src/rpk/resolve';
import { KINDS, type DocumentKind } from '../src/model/kinds';
import { ruleKinds, type InvalidRuleExample, type Rule } from '../src/rule-api/types';
import { childPointer, getAt, isDigits, parentPointer, parsePointer } from '../src/util/pointer';
import type { Diagnostic } from '../src/core/diagnostics';
import { camelToSnake } from '../src/util/suggest';

/**
 * Why an example's finding cannot come from an rpk file. Keys: `rule` (every finding of the rule),
 * `rule:messageId`, or `rule#n:messageId` (the n-th invalid example, from 1). `instead`: the rpk/
 * code the converted file gets in its place, when rpk itself stops or changes it.
 */
const IMPOSSIBLE: Record<string, { reason: string; instead?: string }> = {
  // Rules of other kinds: rpk sends a ShadowLink, linted as one (lint-text.ts, `apiFindings`).
  'build-info': { reason: 'GetBrokerResponse only: rpk sends a ShadowLink' },
  'connect-error': { reason: 'Connect error bodies only: rpk sends a ShadowLink' },
  'int64-precision': { reason: 'CreateShadowLinkResponse only: rpk sends a request' },
  'key-fingerprint': { reason: 'CreateShadowLinkResponse only: rpk sends a request' },
  'node-id': { reason: 'GetBrokerRequest only: rpk sends a ShadowLink' },
  'partition-offsets': { reason: 'CreateShadowLinkResponse only: rpk sends a request' },
  'password-set-at': { reason: 'CreateShadowLinkResponse only: rpk sends a request' },
  'response-secret-leak': { reason: 'CreateShadowLinkResponse only: rpk sends a request' },
  'route-consistency': { reason: 'GetBrokerResponse only: rpk sends a ShadowLink' },
  // Spellings only JSON has: rpk's mapper always sends the canonical protobuf form.
  'integer-as-string': { reason: 'JSON only: rpk reads int32 fields as YAML integers and sends numbers' },
  'null-value': { reason: 'JSON only: a null in rpk is the zero value, which the mapper does not send' },
  'snake-case-key': {
    reason: 'JSON only: the mapper sends camelCase keys (an API key in rpk is dropped: rpk/dropped-key)',
  },
  'unspecified-enum:explicit': {
    reason:
      'rpk has no spelling for UNSPECIFIED (it would be rpk/unmapped-enum): the mapper sends no value, and `omitted` fires there instead',
  },
  'auth-credentials:empty': {
    reason: 'an empty string is the zero value: rpk sends none, and `missing` fires there instead',
  },
  'enum-spelling:number': { reason: 'JSON only: rpk writes enum names, never numbers' },
  'enum-spelling:spelling': {
    reason:
      'rpk spellings are exact and map to the canonical API names; any other spelling is rpk/unmapped-enum, sent as UNSPECIFIED',
  },
  'enum-alias:alias': {
    reason:
      'rpk spellings map to the canonical API names only (`PREFIXED` → ACL_PATTERN_PREFIXED); an alias has no rpk spelling (rpk/unmapped-enum)',
  },
  'duration:grammar': {
    reason:
      'an API duration that is not a Go duration (`PT30S`, a bare number) has no rpk form: rpk refuses it (rpk/refused) or reads nanoseconds (rpk/nanoseconds)',
  },
  'duration:negative': { reason: 'rpk sends an interval only above zero (a file says rpk/not-sent)' },
  'duration:empty': { reason: 'an empty interval is no interval: rpk sends none' },
  'duration:nonCanonical': { reason: 'the mapper always sends the canonical form (`60s` for `1m`)' },
  'start-at-timestamp:format': {
    reason: 'time.Time reads RFC 3339 only: rpk refuses the file first',
    instead: 'rpk/refused',
  },
  'start-at-timestamp:empty': {
    reason: 'time.Time reads RFC 3339 only: rpk refuses the file first',
    instead: 'rpk/refused',
  },
  'start-at-timestamp:nonCanonical': {
    reason: 'time.Time reads RFC 3339 only: rpk refuses the file first (the mapper would send RFC 3339)',
    instead: 'rpk/refused',
  },
  'filter-selects-nothing:empty': {
    reason: 'an empty list is the zero value: the mapper sends no list, as for an absent one',
  },
  'output-only-field': { reason: 'rpk has no output-only field (`uid`, `effective*`) to write' },
  'no-plaintext-secret': {
    reason: 'left out on purpose for rpk files (lint-text.ts `apiFindings`): rpk sends a ${VAR} literally',
  },
  // rpk's own checks (`validateParsedShadowLinkConfig`) refuse the file before anything is sent.
  'auth-exactly-one:both': { reason: 'rpk refuses scram and plain together', instead: 'rpk/invalid' },
  'auth-exactly-one#3:plainOn253': {
    reason: 'the rpk of 25.3 does not read plain_configuration (rpk/newer-key): it never sends it',
  },
  'bootstrap-servers:empty': { reason: 'rpk refuses a file without a bootstrap server', instead: 'rpk/invalid' },
  'bootstrap-servers:missing': { reason: 'rpk crashes on a file without client_options', instead: 'rpk/invalid' },
  'shadow-link-name:empty': { reason: 'rpk refuses a file without a name', instead: 'rpk/invalid' },
  'start-position-at-most-one': {
    reason: 'rpk refuses more than one start_at_* (and its mapper sends only the first)',
    instead: 'rpk/invalid',
  },
  'tls-at-most-one': {
    reason: 'rpk refuses file and PEM settings together (and its mapper sends only the first)',
    instead: 'rpk/invalid',
  },
};

/**
 * Findings that should come from an rpk file but do not, with the diagnosis. The product is fixed
 * outside this test; then the entry fails here and is removed.
 */
const KNOWN_GAPS: Record<string, string> = {};

/** What rpk needs before it sends anything; added where an example leaves it out, unless the example is about it. */
const BOOTSTRAP = 'source-1:9092';

/** A modeline naming rpk's format: a comment to rpk, and the kind whatever the shape (a file of `name` alone). */
const MODELINE =
  '# yaml-language-server: $schema=https://unpkg.com/svc-admin-spec/schemas/RpkShadowLinkConfig.schema.json\n';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const snake = camelToSnake;

/** The rpk pointer an API pointer into the link comes from: no `configurations`, snake_case keys; undefined for what rpk has no key for. */
function rpkPointerOf(api: string): string | undefined {
  const tokens = [...parsePointer(api)];
  if (tokens[0] === 'configurations') tokens.shift();
  else if (tokens.length > 0 && tokens[0] !== 'name') return undefined;
  return childPointer('', ...tokens.map((t) => (isDigits(t) ? t : snake(t))));
}

/** The file as YAML 1.1, each string that yaml.v2 would read as anything else quoted. */
function rpkYaml(value: unknown): string {
  const doc = new Document(value, { version: '1.1' });
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && resolvePlain(node.value).tag !== '!!str') node.type = 'QUOTE_DOUBLE';
    },
  });
  return MODELINE + doc.toString();
}

/** A message template as a pattern (its `{name}` placeholders match anything). */
function messagePattern(rule: Rule, messageId: string): RegExp {
  const spec = rule.messages[messageId]!;
  // Said in rpk's names (`tls_pem_settings.key`), as every API finding in an rpk file is.
  const text = inRpkTerms(typeof spec === 'string' ? spec : spec.text);
  const source = text
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${source}$`);
}

interface Converted {
  rpk: Record<string, unknown>;
  text: string;
  result: TextResult;
  linkPointer: string;
}

/** The rpk file for an example's link, and what `lintText` says of it. */
function convert(rule: Rule, ex: InvalidRuleExample, kind: DocumentKind): Converted {
  const options = exampleLintOptions(rule, ex);
  const linkPointer = KINDS[kind].link!.pointer;
  const link = getAt(ex.doc, linkPointer);
  const rpk = apiToRpk(link, options.targetVersion);
  if (!(isObj(link) && typeof link['name'] === 'string')) rpk['name'] = 'dr-link';
  if (rule.id !== 'bootstrap-servers') {
    const client = isObj(rpk['client_options']) ? rpk['client_options'] : {};
    rpk['client_options'] = { bootstrap_servers: [BOOTSTRAP], ...client };
  }
  const text = rpkYaml(rpk);
  const result = lintText(text, {
    filename: 'x.rpk.yaml',
    targetVersion: options.targetVersion,
    now: options.now,
    ...(options.rules ? { rules: options.rules } : {}),
  });
  return { rpk, text, result, linkPointer };
}

/** One finding an invalid example expects, and where it is in the file. */
interface Case {
  rule: Rule;
  example: number;
  messageId: string;
  apiPointer: string;
  /** The nearest part of the file the API pointer comes from; undefined when rpk has no key for it. */
  rpkPointer: string | undefined;
  converted: Converted;
}

const linkKinds: readonly DocumentKind[] = ['ShadowLink', 'CreateShadowLinkRequest'];

/** The findings each link example of the rule expects, with its example converted once. */
function casesOf(rule: Rule): Case[] {
  const out: Case[] = [];
  rule.examples!.invalid.forEach((ex, i) => {
    const kind = exampleKind(rule, ex);
    if (!linkKinds.includes(kind)) return;
    const converted = convert(rule, ex, kind);
    for (const e of ex.errors) {
      let rpkPointer = rpkPointerOf(e.pointer.slice(converted.linkPointer.length));
      if (rpkPointer !== undefined)
        while (getAt(converted.rpk, rpkPointer) === undefined && rpkPointer !== '')
          rpkPointer = parentPointer(rpkPointer);
      out.push({ rule, example: i + 1, messageId: e.messageId, apiPointer: e.pointer, rpkPointer, converted });
    }
  });
  return out;
}

/** The findings of the case's rule with its message, in rpk's terms. */
function sameFindings(c: Case): Diagnostic[] {
  const pattern = messagePattern(c.rule, c.messageId);
  return c.converted.result.diagnostics.filter((d) => {
    if (d.code !== c.rule.id) return false;
    const m = /^In the link rpk sends(?:, from `[^`]*`)?: ([\s\S]*)$/.exec(d.message);
    return m !== null && pattern.test(m[1]!);
  });
}

/** The one finding at the case's place in the file (pointer and range), if any. */
function firesAtPlace(c: Case): Diagnostic | undefined {
  if (c.rpkPointer === undefined) return undefined;
  const source = c.converted.result.source;
  const span = source.span(c.rpkPointer);
  // A finding on the whole file sits at its first character (lint-text.ts, `apiFindings`).
  const places = c.rpkPointer === '' ? [[0, 1] as const] : [span?.key, span?.value];
  const starts = places.filter((x) => x !== undefined).map((x) => JSON.stringify(source.range(x[0], x[1]).start));
  const where = c.rpkPointer === '' ? '' : `, from \`${rpkPath(c.rpkPointer)}\``;
  return sameFindings(c).find(
    (d) =>
      d.pointer === c.rpkPointer &&
      d.message.startsWith(`In the link rpk sends${where}: `) &&
      d.range !== undefined &&
      starts.includes(JSON.stringify(d.range.start)),
  );
}

/** The pointers of what was written that rpk reads otherwise (a duration as nanoseconds, a time at its instant). */
function unreadLeaves(written: unknown, read: unknown, pointer: string): string[] {
  if (isObj(written) || Array.isArray(written)) {
    return Object.entries(written).flatMap(([k, v]) =>
      unreadLeaves(
        v,
        isObj(read) || Array.isArray(read) ? (read as Record<string, unknown>)[k] : undefined,
        childPointer(pointer, k),
      ),
    );
  }
  const same =
    written === read ||
    (typeof written === 'string' && typeof read === 'number' && goDuration(read) === written) ||
    (pointer.endsWith('/start_at_timestamp') &&
      typeof written === 'string' &&
      typeof read === 'string' &&
      Date.parse(written) === Date.parse(read));
  return same ? [] : [pointer];
}

const entryKey = (c: Case, table: Record<string, unknown>): string | undefined =>
  [`${c.rule.id}#${c.example}:${c.messageId}`, `${c.rule.id}:${c.messageId}`, c.rule.id].find((k) =>
    Object.hasOwn(table, k),
  );

const shown = (c: Case) =>
  `${c.converted.text}\n---\n${c.converted.result.diagnostics.map((d) => `${d.code}@${d.pointer || '/'}: ${d.message}`).join('\n')}`;

const allCases = allRules.flatMap(casesOf);

describe('API rules on the link rpk sends for a converted example', () => {
  for (const rule of allRules) {
    const cases = allCases.filter((c) => c.rule === rule);
    describe(rule.id, () => {
      if (cases.length === 0) {
        it('has no example with a shadow link: listed as impossible, and never linted on what rpk sends', () => {
          expect(Object.hasOwn(IMPOSSIBLE, rule.id), 'a rule with no link example belongs in IMPOSSIBLE').toBe(true);
          expect(ruleKinds(rule)).not.toContain('ShadowLink');
        });
        return;
      }

      const examples = [...new Set(cases.map((c) => c.example))];
      for (const n of examples) {
        const c0 = cases.find((c) => c.example === n)!;
        const instead = cases
          .filter((c) => c.example === n)
          .map((c) => IMPOSSIBLE[entryKey(c, IMPOSSIBLE) ?? '']?.instead)
          .filter((x) => x !== undefined);
        it(`invalid example ${n}: an rpk file that rpk reads as written, with no rpk/ finding but those expected`, () => {
          expect(c0.converted.result.kind).toBe('RpkShadowLinkConfig');
          const read = readRpkConfig(c0.converted.text);
          if (!instead.includes('rpk/refused')) {
            expect(read.errors).toEqual([]);
            expect(unreadLeaves(c0.converted.rpk, read.value, '')).toEqual([]);
          }
          // A `${VAR}` of the example is sent as written: rpk says so, whatever the rule.
          const allowed = new Set(['rpk/literal-placeholder', ...instead]);
          const rpkCodes = c0.converted.result.diagnostics.map((d) => d.code).filter((x) => x.startsWith('rpk/'));
          expect(
            rpkCodes.filter((x) => !allowed.has(x)),
            shown(c0),
          ).toEqual([]);
        });
      }

      for (const c of cases) {
        const impossible = entryKey(c, IMPOSSIBLE);
        const gap = entryKey(c, KNOWN_GAPS);
        const label = `invalid example ${c.example}: ${c.messageId} at ${c.apiPointer} → ${c.rpkPointer === undefined ? '(no rpk key)' : c.rpkPointer || '/'}`;
        if (impossible !== undefined) {
          const entry = IMPOSSIBLE[impossible]!;
          it(`${label}: cannot arise (${entry.reason})`, () => {
            expect(gap, 'in both tables').toBeUndefined();
            expect(sameFindings(c), `listed as impossible, but it fires:\n${shown(c)}`).toEqual([]);
            if (entry.instead)
              expect(
                c.converted.result.diagnostics.map((d) => d.code),
                shown(c),
              ).toContain(entry.instead);
          });
        } else if (gap !== undefined) {
          it(`${label}: KNOWN GAP (${KNOWN_GAPS[gap]})`, () => {
            expect(firesAtPlace(c), `fixed: remove ${gap} from KNOWN_GAPS\n${shown(c)}`).toBeUndefined();
          });
        } else {
          it(`${label}: fires there, in rpk's terms`, () => {
            expect(firesAtPlace(c), shown(c)).toBeDefined();
          });
        }
      }
    });
  }
});

describe('the tables', () => {
  it('list only rules of the catalogue', () => {
    const ids = new Set(allRules.map((r) => r.id));
    for (const key of [...Object.keys(IMPOSSIBLE), ...Object.keys(KNOWN_GAPS)])
      expect(ids.has(key.split(/[#:]/)[0]!), key).toBe(true);
  });

  it('have every entry match an example finding, and no finding in both', () => {
    const keys = new Set<string>();
    for (const c of allCases) {
      const k = entryKey(c, IMPOSSIBLE) ?? entryKey(c, KNOWN_GAPS);
      if (k !== undefined) keys.add(k);
    }
    for (const r of allRules)
      if (allCases.every((c) => c.rule !== r) && Object.hasOwn(IMPOSSIBLE, r.id)) keys.add(r.id);
    expect([...keys].sort()).toEqual([...Object.keys(IMPOSSIBLE), ...Object.keys(KNOWN_GAPS)].sort());
  });

  it('name every rule: it fires through rpk, or each of its findings is listed', () => {
    for (const rule of allRules) {
      const cases = allCases.filter((c) => c.rule === rule);
      const listed = cases.every((c) => entryKey(c, IMPOSSIBLE) ?? entryKey(c, KNOWN_GAPS));
      const fires = cases.some((c) => !entryKey(c, IMPOSSIBLE) && !entryKey(c, KNOWN_GAPS));
      expect(fires || (listed && (cases.length > 0 || Object.hasOwn(IMPOSSIBLE, rule.id))), rule.id).toBe(true);
    }
  });
});

describe('the file writer', () => {
  it('quotes what yaml.v2 reads as other than a string (YAML 1.1 booleans, Go integers such as `0o17` that YAML 1.1 leaves plain, timestamps)', () => {
    const strings = ['yes', 'on', 'n', '0o17', '0x1F', '017', '1_000', '2026-1-2', '.5', '~', '190:20:30', 'a:9092'];
    const text = rpkYaml({ name: 'l', client_options: { bootstrap_servers: strings } });
    const read = readRpkConfig(text);
    expect(read.errors).toEqual([]);
    expect(getAt(read.value, '/client_options/bootstrap_servers')).toEqual(strings);
  });
});
