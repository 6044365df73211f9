import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertValid,
  isValidationError,
  lint,
  lintText,
  validate,
  UnknownKindError,
  ValidationError,
  DOCUMENT_KINDS,
  type DocumentKind,
} from '../src/index';
import { validFixtures } from './helpers';
import { scratch } from './cli-helpers';
import { runInProcess } from './run-helpers';
import { capFindings } from '../src/lint/findings-cap';
import { toYaml } from '../scripts/bench-inputs';
import { chooser } from './support/fuzz';
import { mutant, places } from './support/mutants';

describe('lint', () => {
  it('accepts every valid fixture without errors', () => {
    for (const f of validFixtures()) {
      const r = lint(f.kind, f.value, { now: new Date('2026-11-22T12:00:00Z') });
      expect(
        r.diagnostics.filter((d) => d.severity === 'error'),
        f.name,
      ).toEqual([]);
      expect(r.valid).toBe(true);
    }
  });

  it('returns diagnostics in the documented shape, with a docs URL', () => {
    const r = lint('ShadowLink', { name: 'x', configurations: { clientOptions: { bootstrapServers: 'a:1' } } });
    expect(r.valid).toBe(false);
    expect(r.diagnostics).toEqual([
      {
        code: 'schema/type',
        severity: 'error',
        message: '`bootstrapServers` must be an array, but is the string "a:1".',
        pointer: '/configurations/clientOptions/bootstrapServers',
        docsUrl: expect.stringMatching(/^https:\/\/.+schema\.md#type$/),
        suggestions: [
          {
            message: 'Wrap the value in a list.',
            fix: { kind: 'replace-value', pointer: '/configurations/clientOptions/bootstrapServers', value: ['a:1'] },
            autofix: true,
          },
        ],
      },
    ]);
  });

  it('reports a snake_case key once, on the key, naming the camelCase field', () => {
    const r = lint('ShadowLink', { name: 'x', configurations: { client_options: { bootstrapServers: ['a:1'] } } });
    expect(r.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['snake-case-key', '/configurations/client_options'],
    ]);
    expect(r.diagnostics[0]!.message).toContain('clientOptions');
  });

  it('says an output-only field in a request is set by the server', () => {
    const r = lint('ShadowLink', {
      name: 'x',
      configurations: { clientOptions: { bootstrapServers: ['a:1'] } },
      status: {},
    });
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'output-only-field', pointer: '/status' });
    expect(r.diagnostics[0]!.message).toMatch(/set by the server/);
  });

  it('says what the server does with a wrong enum value: unknown names and integers become UNSPECIFIED, other types fail', () => {
    const message = (filterType: unknown) =>
      lint('ShadowLink', {
        name: 'x',
        configurations: {
          clientOptions: { bootstrapServers: ['a:1'] },
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [{ filterType, name: 'a', patternType: 'PATTERN_TYPE_LITERAL' }],
          },
        },
      }).diagnostics.find((d) => d.code === 'schema/enum')!.message;
    expect(message('FOO')).toContain('read it as UNSPECIFIED');
    expect(message(99)).toContain('read it as UNSPECIFIED');
    for (const v of [true, 1.5, {}]) expect(message(v)).toContain('"invalid request input"');
  });

  it('judges an enum number in a JSON file on its text: 1.0 and 2e0 are refused by the server, 1 is read as the value, and YAML is sent as JSON', () => {
    const request = (mechanism: string) =>
      `{"shadowLink":{"name":"dr-link","configurations":{"clientOptions":{"bootstrapServers":["a:1"],"authenticationConfiguration":{"scramConfiguration":{"username":"u","password":"\${P}","scramMechanism":${mechanism}}}}}}}`;
    const judged = (text: string, filename: string) =>
      lintText(text, { filename })
        .diagnostics.filter((d) => d.code === 'enum-spelling' || d.code === 'parse/enum-decimal')
        .map((d) => [d.code, d.severity, d.message.split(':')[0]]);
    expect(judged(request('1.0'), 'a.json')).toEqual([
      ['parse/enum-decimal', 'error', '`scramMechanism` is written 1.0, a decimal number'],
    ]);
    expect(judged(request('2e0'), 'a.json')).toEqual([
      ['parse/enum-decimal', 'error', '`scramMechanism` is written 2e0, a decimal number'],
    ]);
    expect(judged(request('1'), 'a.json')).toEqual([
      ['enum-spelling', 'warning', '`scramMechanism` is the enum number 1'],
    ]);
    // YAML is converted to JSON before sending: 1.0 becomes the integer 1.
    const yaml =
      'shadowLink:\n  name: dr-link\n  configurations:\n    clientOptions:\n      bootstrapServers: [a:1]\n      authenticationConfiguration:\n        scramConfiguration: {username: u, password: "${P}", scramMechanism: 1.0}\n';
    expect(judged(yaml, 'a.yaml')).toEqual([['enum-spelling', 'warning', '`scramMechanism` is the enum number 1']]);
  });

  it('refuses an enum written 1.0 in a JSON file whatever enum-spelling is set to: off silences that rule only', async () => {
    const request = (mechanism: string) =>
      `{"shadowLink":{"name":"dr-link","configurations":{"clientOptions":{"bootstrapServers":["a:1"],"authenticationConfiguration":{"scramConfiguration":{"username":"u","password":"\${P}","scramMechanism":${mechanism}}}}}}}`;
    const judged = (text: string, rules: Record<string, 'off' | 'info' | 'warning'>) =>
      lintText(text, { filename: 'a.json', rules }).diagnostics.map((d) => [d.code, d.severity, d.message]);
    const decimal = judged(request('1.0'), {});
    expect(decimal.map(([code, severity]) => [code, severity])).toEqual([['parse/enum-decimal', 'error']]);
    for (const level of ['off', 'info', 'warning'] as const)
      expect(judged(request('1.0'), { 'enum-spelling': level }), level).toEqual(decimal);
    // Off still silences the rule's own findings, and only those.
    expect(judged(request('1'), { 'enum-spelling': 'off' })).toEqual([]);
    expect(judged(request('"SCRAM-SHA-256"'), { 'enum-spelling': 'off' })).toEqual([]);
    // Through a config file, as the command reads it.
    const dir = scratch({
      'svc-admin-spec.config.yaml': 'rules:\n  enum-spelling: off\n',
      'a.json': request('1.0'),
    });
    const run = await runInProcess(['lint', '-f', 'json', 'a.json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).results[0].diagnostics.map((d: { code: string }) => d.code)).toEqual([
      'parse/enum-decimal',
    ]);
  });

  it('suggests the nearest enum value and lists the allowed ones', () => {
    const r = lint('ShadowLink', {
      name: 'x',
      configurations: {
        topicMetadataSyncOptions: {
          autoCreateShadowTopicFilters: [
            { filterType: 'FILTER_TYPE_INCLUDES', name: 'a', patternType: 'PATTERN_TYPE_LITERAL' },
          ],
        },
      },
    });
    const d = r.diagnostics.find((x) => x.code === 'schema/enum')!;
    expect(d.message).toContain('"FILTER_TYPE_INCLUDE"');
    expect(d.message).toContain('"FILTER_TYPE_EXCLUDE"');
    expect(d.suggestions?.[0]?.fix).toEqual({
      kind: 'replace-value',
      pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/filterType',
      value: 'FILTER_TYPE_INCLUDE',
    });
  });

  it('rejects an unknown kind with a clear error', () => {
    expect(() => lint('Nope' as DocumentKind, {})).toThrow(UnknownKindError);
    expect(() => lint('Nope' as DocumentKind, {})).toThrow(/CreateShadowLinkRequest/);
  });

  it('never throws and never mutates, for any JavaScript value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DOCUMENT_KINDS),
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withNullPrototype: true,
          withSparseArray: true,
          withTypedArray: true,
        }),
        (kind, value) => {
          const before = fc.stringify(value);
          const r = lint(kind, value);
          expect(typeof r.valid).toBe('boolean');
          expect(fc.stringify(value)).toBe(before);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary JSON documents and reports only well-formed diagnostics', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DOCUMENT_KINDS), fc.jsonValue(), (kind, value) => {
        for (const d of lint(kind, value).diagnostics) {
          expect(d.pointer === '' || d.pointer.startsWith('/')).toBe(true);
          expect(d.message.length).toBeGreaterThan(10);
          expect(['error', 'warning', 'info']).toContain(d.severity);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('handles cycles and undefined without hanging', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.configurations = cyclic;
    expect(lint('ShadowLink', cyclic).diagnostics.map((d) => d.code)).toEqual(['schema/not-json']);
    expect(lint('GetBrokerRequest', undefined).valid).toBe(false);
  });

  it('refuses excessive nesting with one diagnostic', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const r = lint('ShadowLink', deep);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['schema/not-json']);
  });

  it('treats __proto__ and constructor keys as ordinary unknown keys', () => {
    const doc = JSON.parse(
      '{"name":"x","configurations":{"clientOptions":{"bootstrapServers":["a:1"]}},"__proto__":{"polluted":true},"constructor":1}',
    ) as unknown;
    const r = lint('ShadowLink', doc);
    expect(r.diagnostics.map((d) => d.pointer).sort()).toEqual(['/__proto__', '/constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never shows a password or private key in a message', () => {
    const secret = 'hunter2-very-secret';
    const key = '-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----';
    const r = lint('ShadowLink', {
      name: 'x',
      configurations: {
        clientOptions: {
          bootstrapServers: [secret],
          authenticationConfiguration: { plainConfiguration: { username: 'u', password: secret } },
          tlsSettings: { enabled: true, tlsPemSettings: { cert: key, key } },
        },
      },
    });
    const text = JSON.stringify(r);
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('MIIEvQ');
  });

  it('masks values only: a secret equal to a key name leaves pointers and key names alone', () => {
    const r = lint('ShadowLink', {
      name: 'x',
      configurations: {
        clientOptions: {
          bootstrapServers: ['a:1'],
          authenticationConfiguration: {
            scramConfiguration: { username: 'u', password: 'password', scramMechanism: 1.5 },
          },
        },
      },
    });
    const d = r.diagnostics.find((x) => x.pointer.endsWith('/scramMechanism'))!;
    expect(d.pointer).toBe(
      '/configurations/clientOptions/authenticationConfiguration/scramConfiguration/scramMechanism',
    );
    expect(d.message).toContain('`scramMechanism`');
    expect(JSON.stringify(r)).not.toContain('********');
  });

  it('describes a secret of any type by its type, never its value', () => {
    for (const password of [4518273645, 12.5, true, ['p4ss-w0rd-in-list'], { nested: 'p4ss-w0rd-nested' }]) {
      const r = lint('ShadowLink', {
        name: 'x',
        configurations: {
          clientOptions: {
            bootstrapServers: ['a:1'],
            authenticationConfiguration: { plainConfiguration: { username: 'u', password } },
          },
        },
      });
      const d = r.diagnostics.find((x) => x.pointer.endsWith('/password'))!;
      expect(d.code).toBe('schema/type');
      const text = JSON.stringify(r);
      for (const shown of ['4518273645', '12.5', 'p4ss-w0rd']) expect(text).not.toContain(shown);
      expect(d.message).not.toMatch(/true/);
    }
  });
});

describe('assertValid', () => {
  it('throws a ValidationError carrying the diagnostics', () => {
    try {
      assertValid('GetBrokerRequest', { nodeId: 'one' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      const e = error as ValidationError;
      expect(e.kind).toBe('GetBrokerRequest');
      expect(e.diagnostics.map((d) => d.pointer)).toEqual(['/nodeId']);
      expect(e.message).toContain('nodeId');
    }
  });

  it('returns quietly for a valid document', () => {
    expect(() => assertValid('GetBrokerRequest', { nodeId: 1 })).not.toThrow();
  });

  it('requires the spelling its type describes: what lint takes as a warning is an error here', () => {
    // The server reads snake_case keys and quoted integers; the static types do not have them.
    const snake = { name: 'x', configurations: { client_options: { bootstrapServers: ['a:1'] } } };
    const quoted = { nodeId: '1' };
    expect(lint('ShadowLink', snake).valid).toBe(true);
    expect(lint('GetBrokerRequest', quoted).valid).toBe(true);
    expect(() => assertValid('ShadowLink', snake)).toThrow(
      /"client_options" is the protobuf spelling of `clientOptions`/,
    );
    expect(() => assertValid('GetBrokerRequest', quoted, { rules: { 'integer-as-string': 'off' } })).toThrow(
      ValidationError,
    );
    // Rule findings keep their settings: a warning stays a warning.
    const capped = {
      name: 'x',
      configurations: { clientOptions: { bootstrapServers: ['a:1'], fetchMaxBytes: 1048576 } },
    };
    expect(lint('ShadowLink', capped).diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['fetch-size-order', 'warning'],
    ]);
    expect(() => assertValid('ShadowLink', capped)).not.toThrow();
  });
});

describe('validate', () => {
  it('returns the value typed when valid, with the remaining findings', () => {
    const value = { nodeId: 1 };
    const r = validate('GetBrokerRequest', value);
    expect(r).toEqual({ valid: true, value, diagnostics: [] });
    if (r.valid) expect(r.value).toBe(value);
  });

  it('returns the error assertValid would throw, never throwing itself', () => {
    const r = validate('GetBrokerRequest', { nodeId: 'one' });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(isValidationError(r.error)).toBe(true);
    expect(r.error.diagnostics).toEqual(r.diagnostics);
    expect(r.error.message).toMatch(/^GetBrokerRequest is invalid: 1 error; first: /);
    for (const odd of [undefined, null, () => 1, Symbol('x'), 10n])
      expect(validate('ShadowLink', odd).valid).toBe(false);
    expect(() => validate('Nope' as DocumentKind, {})).toThrow(UnknownKindError);
  });

  it('counts in its message the errors that maxFindings left out of the list', () => {
    const clientOptions = Object.fromEntries(['a', 'b', 'c', 'd'].map((k) => [`unknown_${k}`, 1]));
    const r = validate('ShadowLink', { name: 'x', configurations: { clientOptions } }, { maxFindings: 2 });
    if (r.valid) throw new Error('expected findings');
    expect(r.diagnostics.at(-1)).toMatchObject({ code: 'report/too-many-findings', omitted: { errors: 3 } });
    expect(r.error.message).toMatch(/^ShadowLink is invalid: 5 errors; first: /);
  });
});

describe('$schema', () => {
  it('lint ignores a top-level "$schema" string, as lintText and the command line do', () => {
    const doc = {
      $schema: 'https://unpkg.com/svc-admin-spec/schemas/ShadowLink.schema.json',
      name: 'x',
      configurations: { clientOptions: { bootstrapServers: ['a:1'] } },
    };
    expect(lint('ShadowLink', doc)).toEqual({ valid: true, diagnostics: [] });
    expect(validate('ShadowLink', doc).valid).toBe(true);
    // Anywhere else, or not a string, it is an unknown property like any other.
    expect(lint('ShadowLink', { ...doc, $schema: 1 }).diagnostics.map((d) => d.pointer)).toEqual(['/$schema']);
    const nested = { ...doc, configurations: { ...doc.configurations, $schema: 'x' } };
    expect(lint('ShadowLink', nested).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-property']);
  });

  it('a class instance with a "$schema" string is still not plain JSON', () => {
    class Doc {}
    for (const root of [new Doc(), new Date(0), new Map()]) {
      const doc = Object.assign(root, {
        $schema: 'x',
        name: 'x',
        configurations: { clientOptions: { bootstrapServers: ['a:1'] } },
      });
      const found = lint('ShadowLink', doc).diagnostics;
      expect(found.map((d) => `${d.code} ${d.pointer}`)).toContain('schema/not-json ');
    }
  });
});

describe('findings are each call’s own', () => {
  it('lint sets docs links on its own findings: a later call shares none and changes nothing returned before', () => {
    const doc = { name: 'a b', configurations: { clientOptions: { bootstrapServers: [] } }, extra: 1 };
    const first = lint('ShadowLink', doc).diagnostics;
    const before = JSON.stringify(first);
    expect(first.every((d) => typeof d.docsUrl === 'string')).toBe(true);
    const second = lint('ShadowLink', doc, { rules: { 'shadow-link-name': 'warning' } }).diagnostics;
    expect(JSON.stringify(first)).toBe(before);
    for (const d of second) expect(first).not.toContain(d);
  });
});

describe('lintText ranges', () => {
  it('under the cap, are those of the uncapped list: the same findings, order, ranges and count', () => {
    // Past the cap (and with nothing else to order them with) findings are ordered by offset and only
    // those kept get a line and column; that must be exactly the start of the full list.
    const docs = validFixtures().map((f) => f.value);
    const keys = [...new Set(docs.flatMap((d) => places({ d }).map(([, k]) => k)))].filter(
      (k): k is string => typeof k === 'string',
    );
    const pick = chooser(17_0504);
    let capped = 0;
    for (let i = 0; i < 300; i++) {
      const doc = mutant(docs[i % docs.length], keys, pick);
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) continue;
      for (const [filename, text] of [
        ['m.json', JSON.stringify(doc, null, 2)],
        ['m.yaml', toYaml(doc)],
      ] as const) {
        const full = lintText(text, { filename, maxFindings: 100_000 }).diagnostics;
        for (const max of [1, 2, full.length - 1]) {
          if (max < 1 || max >= full.length) continue;
          capped++;
          expect(lintText(text, { filename, maxFindings: max }).diagnostics).toEqual(capFindings(full, max));
        }
      }
    }
    expect(capped).toBeGreaterThan(200);
  });

  it('are set on findings of their own: a later call changes nothing an earlier one returned', () => {
    // lintText sets each range on the finding lint made for it (no copy): no finding is shared.
    const text = '{"name":"a b","configurations":{"clientOptions":{"bootstrapServers":[]}},"extra":1}';
    const first = lintText(text, { filename: 'a.json' });
    const before = JSON.stringify(first.diagnostics);
    const shifted = lintText(`\n\n${text}`, { filename: 'a.json' });
    expect(first.diagnostics.length).toBeGreaterThan(1);
    expect(JSON.stringify(first.diagnostics)).toBe(before);
    expect(shifted.diagnostics.map((d) => d.range!.start.line)).toEqual(
      first.diagnostics.map((d) => d.range!.start.line + 2),
    );
    for (const d of shifted.diagnostics) expect(first.diagnostics).not.toContain(d);
  });

  it('a finding on a block scalar ends with its content, not at the start of the next line', () => {
    for (const header of ['|', '|-', '>', '>+', '|2']) {
      const text = `name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: [b:1]\n  topicMetadataSyncOptions:\n    interval: ${header}\n      PT30S\n    excludeDefault: false\n`;
      const d = lintText(text, { filename: 'a.yaml' }).diagnostics.find((x) => x.code === 'duration');
      expect(d?.range, header).toEqual({ start: { line: 6, column: 15 }, end: { line: 7, column: 12 } });
    }
  });
});
