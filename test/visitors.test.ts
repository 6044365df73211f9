/**
 * Rules that visit model definitions (`visit`) run in the acceptor's pass over the document, or in the
 * walker's where that pass did not see all of it. Both must give the same findings; settings,
 * options and failures must work as they do for checks.
 */
import { describe, expect, it } from 'vitest';
import * as acceptors from '../src/generated/acceptors.js';
import { BUILTIN_CATALOG, catalogWith } from '../src/engine/catalog';
import { runRules, startRules, type RunSettings } from '../src/engine/run';
import { acquire, builtinPlan, planFor, release, visitFindings, walk } from '../src/engine/visit';
import { ruleById } from '../src/engine/registry';
import { lint } from '../src/lint/lint';
import { exampleKind } from '../src/lint/rule-examples';
import { rules } from '../src/rules/index';
import type { DocumentKind } from '../src/model/kinds';
import type { Diagnostic } from '../src/core/diagnostics';
import type { Rule } from '../src/rule-api/types';
import { own, setPlainReads } from '../src/util/pointer';
import { plainCopy } from '../src/util/plain-copy';
import { largeResponse, typicalRequest } from '../scripts/bench-inputs';
import { chooser } from './support/fuzz';
import { mutant, places } from './support/mutants';
import * as enums from '../src/model/enums';

const settingsFor = (kind: DocumentKind, rulesSet: RunSettings['rules'] = {}): RunSettings => ({
  kind,
  targetVersion: '26.1',
  now: new Date('2026-06-01T00:00:00Z'),
  isFile: true,
  rules: rulesSet,
  maxFindings: 1e9,
  catalog: BUILTIN_CATALOG,
});

const sorted = (list: Diagnostic[]) => list.map((d) => JSON.stringify(d)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Every rule example, valid and invalid, with its kind. */
const examples: [DocumentKind, unknown][] = rules.flatMap((rule) =>
  [...(rule.examples?.valid ?? []), ...(rule.examples?.invalid ?? [])].map(
    (ex) => [exampleKind(rule, ex), ex.doc] as [DocumentKind, unknown],
  ),
);

describe('visitors', () => {
  it('some built-in rules visit, and each visits only definitions of the model', () => {
    const visiting = rules.filter((r) => r.visit !== undefined);
    expect(visiting.length).toBeGreaterThan(1);
    for (const rule of visiting)
      for (const name of Object.keys(rule.visit!)) expect(acceptors.HOOK_NAMES).toContain(name);
  });

  it("report the same findings in the acceptor's pass as in the walker's, on every rule example and 3,000 mutants", () => {
    // The acceptor's pass skips visitors whose notes it did not take (onlyWhen); a walker runs them all.
    let fused = 0;
    const keys = [
      ...new Set(examples.flatMap(([, d]) => places({ d }).map(([, k]) => k)).filter((k) => typeof k === 'string')),
    ] as string[];
    const pick = chooser(20261127);
    const mutants = Array.from({ length: 3000 }, (_, i) => {
      const [kind, doc] = examples[i % examples.length]!;
      return [kind, mutant(doc, keys, pick)] as [DocumentKind, unknown];
    });
    for (const [kind, doc] of [...examples, ...mutants]) {
      const settings = settingsFor(kind);
      const run = startRules(doc, settings);
      // Through judge: the run takes the acceptor's notes, by which it skips visitors and checks.
      const verdict = run.judge(acceptors[kind], doc);
      if (verdict === 2) {
        run.abandon();
        continue;
      }
      fused++;
      expect(sorted(run.finish(doc, true)), JSON.stringify(doc).slice(0, 300)).toEqual(sorted(runRules(doc, settings)));
    }
    expect(fused).toBeGreaterThan(examples.length / 2);
  });

  it("report the same in the acceptor's pass as in the walker's with any enum's value, a duration or nothing in any string field", () => {
    // Every string field of the typical request and of an invalid example per visiting rule, set to
    // each enum value of the model (aliases included), short and long durations, or removed.
    const values = [
      ...Object.values(enums).flatMap((e) => ((e as { enum?: unknown[] }).enum ?? []) as string[]),
      ...['0s', '-1s', '0.5s', '1s', '30s', '', 'x_UNSPECIFIED', undefined],
      // Timestamps around both bounds of the ones the pass leaves unnoted, in every spelling.
      ...[
        '1969-12-31T23:59:59Z',
        '1970-01-01T00:00:00Z',
        '1970-01-01T23:00:00-02:00',
        '1970-01-01T00:30:00+01:00',
        '1970-01-02T00:00:00+23:59',
      ],
      ...[-3, -2, -1, 0, 1].map((days) => new Date(Date.now() + days * 86_400_000).toISOString()),
      ...['2026-01-31t12:00:00+0100', '2099-01-01T00:00:00Z', '0001-01-01T00:00:00Z', 'infinite-future'],
    ];
    const docs = [JSON.parse(typicalRequest()) as unknown];
    let compared = 0;
    for (const doc of docs) {
      for (const [parent, key] of places({ doc })) {
        if (typeof (parent as Record<string | number, unknown>)[key] !== 'string') continue;
        const obj = parent as Record<string | number, unknown>;
        const was = obj[key];
        for (const value of values) {
          if (value === undefined) delete obj[key];
          else obj[key] = value;
          // With the lint's own clock and with a given one (which may be any time).
          for (const now of [undefined, new Date('1970-01-01T00:00:00Z'), new Date(Date.now() + 86_400_000)]) {
            const settings = { ...settingsFor('CreateShadowLinkRequest'), now };
            const run = startRules(doc, settings);
            const verdict = run.judge(acceptors.CreateShadowLinkRequest, doc);
            const fused = sorted(run.finish(doc, verdict !== 2));
            expect(fused, `${String(key)}: ${String(value)} at ${String(now)}`).toEqual(
              sorted(runRules(doc, settings)),
            );
            compared++;
          }
        }
        obj[key] = was;
      }
    }
    expect(compared).toBeGreaterThan(3000);
  });

  it('skip the visitors of a rule whose notes the pass did not take, and call them once it did', () => {
    const gated = rules.filter((r) => r.onlyWhen !== undefined && r.visit !== undefined);
    expect(gated.map((r) => r.id).sort()).toEqual(['duration', 'enum-alias', 'start-at-timestamp', 'unspecified-enum']);
    const calls = new Map<string, number>();
    const originals = gated.map((rule) => [rule, { ...rule.visit }] as const);
    for (const rule of gated)
      for (const [name, visit] of Object.entries(rule.visit!))
        (rule.visit as Record<string, unknown>)[name] = (...args: unknown[]) => {
          calls.set(rule.id, (calls.get(rule.id) ?? 0) + 1);
          return (visit as (...a: unknown[]) => unknown)(...args);
        };
    try {
      const count = (doc: unknown) => {
        calls.clear();
        lint('CreateShadowLinkRequest', doc);
        return Object.fromEntries([...calls].sort());
      };
      type Filter = Record<string, string>;
      const typical = JSON.parse(typicalRequest()) as {
        shadowLink: {
          configurations: {
            topicMetadataSyncOptions: { autoCreateShadowTopicFilters: Filter[] };
            securitySyncOptions: { interval: string };
          };
        };
      };
      expect(count(typical)).toEqual({});
      const filters = typical.shadowLink.configurations.topicMetadataSyncOptions.autoCreateShadowTopicFilters;
      filters[0]!.patternType = 'PATTERN_TYPE_UNSPECIFIED';
      expect(Object.keys(count(typical))).toEqual(['unspecified-enum']);
      filters[0]!.patternType = 'PATTERN_TYPE_PREFIXED';
      expect(Object.keys(count(typical))).toEqual(['enum-alias']);
      delete filters[0]!.patternType;
      expect(Object.keys(count(typical))).toEqual(['unspecified-enum']);
      filters[0]!.patternType = 'PATTERN_TYPE_PREFIX';
      typical.shadowLink.configurations.securitySyncOptions.interval = '0.5s';
      expect(count(typical)).toEqual({ duration: 1 });
      const found = lint('CreateShadowLinkRequest', typical).diagnostics.map((d) => d.code);
      expect(found).toContain('duration');
      typical.shadowLink.configurations.securitySyncOptions.interval = '30s';
      expect(count(typical)).toEqual({});
      // A timestamp near the clock, or any with a given clock, is looked at.
      const topics = typical.shadowLink.configurations.topicMetadataSyncOptions as Record<string, unknown>;
      topics.startAtTimestamp = new Date(Date.now() + 86_400_000).toISOString();
      expect(count(typical)).toEqual({ 'start-at-timestamp': 1 });
      topics.startAtTimestamp = '2026-01-01T00:00:00Z';
      calls.clear();
      lint('CreateShadowLinkRequest', typical, { now: new Date('2025-01-01T00:00:00Z') });
      expect(Object.fromEntries(calls)).toEqual({ 'start-at-timestamp': 1 });
    } finally {
      for (const [rule, visit] of originals) Object.assign(rule.visit!, visit);
    }
  });

  it('report the same through the generated pass (src/passes) as through hooks composed at run time', () => {
    let compared = 0;
    for (const [kind, doc] of examples) {
      const generated = builtinPlan(kind);
      if (generated.rules.length === 0) continue;
      const composed = planFor(kind, generated.rules);
      // The generated hooks are other functions than the composed ones: the pass is really generated.
      expect(generated.hooks.some((h, i) => h !== undefined && h !== composed.hooks[i])).toBe(true);
      const reports = (plan: typeof generated) => {
        const run = acquire(plan).begin(
          doc,
          settingsFor(kind),
          plan.rules.map(() => ({})),
          undefined,
        );
        walk(plan, run, doc);
        const out = run.reports.map((r, i) => `${run.reporters[i]} ${JSON.stringify(r)}`);
        release(plan, run);
        return out;
      };
      expect(reports(generated)).toEqual(reports(composed));
      compared++;
    }
    expect(compared).toBeGreaterThan(examples.length / 2);
  });

  it('skip a rule set off, give each rule its own options and severity', () => {
    const doc = JSON.parse(typicalRequest()) as { shadowLink: { configurations: { clientOptions: object } } };
    doc.shadowLink.configurations.clientOptions = {
      bootstrapServers: ['a:1'],
      tlsSettings: { tlsFileSettings: { caPath: '/ca.pem' }, tlsPemSettings: { ca: 'x' } },
    };
    const found = (rulesSet: RunSettings['rules']) =>
      lint('CreateShadowLinkRequest', doc, { rules: rulesSet as never }).diagnostics.filter(
        (d) => d.code === 'tls-at-most-one',
      );
    expect(found({}).map((d) => d.severity)).toEqual(['error']);
    expect(found({ 'tls-at-most-one': 'off' })).toEqual([]);
    expect(found({ 'tls-at-most-one': 'warning' }).map((d) => d.severity)).toEqual(['warning']);
  });

  it('turn a visitor that throws into an internal-error finding, dropping only that rule’s findings', () => {
    const good = ruleById.get('tls-at-most-one')!;
    const bad: Rule = {
      ...good,
      id: 'tls-ignored',
      // The child's hook runs first: a report, then the throw at the parent.
      visit: {
        TlsFileSettings(_node, ctx) {
          ctx.report({ messageId: Object.keys(good.messages)[0]!, pointer: ctx.here() });
        },
        TlsSettings() {
          throw new Error('boom');
        },
      },
    };
    const plan = planFor('CreateShadowLinkRequest', [good as Rule, bad]);
    const doc = {
      shadowLink: {
        name: 'x',
        configurations: {
          clientOptions: {
            bootstrapServers: ['a:1'],
            tlsSettings: { tlsFileSettings: { caPath: '/a' }, tlsPemSettings: { ca: 'x' } },
          },
        },
      },
    };
    const run = acquire(plan).begin(doc, settingsFor('CreateShadowLinkRequest'), [{}, {}], undefined);
    run.rethrow = false;
    walk(plan, run, doc);
    // The good rule's report stays; the failing one's report (made before it threw) is marked dead.
    expect(run.failures.map(([rule, error]) => [rule, (error as Error).message])).toEqual([[1, 'boom']]);
    expect(run.dead?.[1]).toBe(true);
    expect(run.reporters).toEqual([1, 0]);
    expect(visitFindings(plan, run, undefined).map((d) => d.code)).toEqual(['tls-at-most-one']);
  });

  it('skip a check whose notes the structure check did not take, after a pass that judged all of the document', () => {
    const rule = ruleById.get('int64-precision')!;
    const original = rule.check!;
    let calls = 0;
    rule.check = (ctx) => {
      calls++;
      original(ctx);
    };
    try {
      const doc = JSON.parse(largeResponse(3, 2)) as {
        shadowLink: { status: { shadowTopics: { status: { partitionInformation: Record<string, unknown>[] } }[] } };
      };
      const partition = () => doc.shadowLink.status.shadowTopics[1]!.status.partitionInformation[0]!;
      expect(lint('CreateShadowLinkResponse', doc).diagnostics).toEqual([]);
      expect(calls).toBe(0);
      // A number past 2^53 where an int64 goes: noted, so the check runs and reports it.
      partition().highWatermark = 2 ** 60;
      expect(lint('CreateShadowLinkResponse', doc).diagnostics.map((d) => d.code)).toEqual(['int64-precision']);
      expect(calls).toBe(1);
      // A document the structure check refuses somewhere: its notes are not complete, every check runs.
      partition().highWatermark = '1';
      (doc.shadowLink as Record<string, unknown>).unknownField = 1;
      lint('CreateShadowLinkResponse', doc);
      expect(calls).toBe(2);
    } finally {
      rule.check = original;
    }
  });

  it('in the generated pass, record a visitor that throws and still run the rules after it in the same hook', () => {
    // ClientOptions: bootstrap-servers, client-option-range, …, plain-without-tls, one after another.
    const failing = ruleById.get('client-option-range')!;
    const original = failing.visit!.ClientOptions!;
    const before = ruleById.get('bootstrap-servers')!;
    const beforeOriginal = before.visit!.ClientOptions!;
    let beforeCalls = 0;
    (before.visit as Record<string, unknown>).ClientOptions = (...args: Parameters<typeof beforeOriginal>) => {
      beforeCalls++;
      beforeOriginal(...args);
    };
    let calls = 0;
    (failing.visit as Record<string, unknown>).ClientOptions = (
      _node: unknown,
      ctx: { report: (r: object) => void },
    ) => {
      calls++;
      ctx.report({ messageId: 'negative', pointer: '/shadowLink', data: {} });
      throw new Error('boom');
    };
    try {
      const doc = {
        shadowLink: {
          name: 'dr-link',
          configurations: {
            clientOptions: {
              bootstrapServers: ['a:1', 'a:1'],
              authenticationConfiguration: { plainConfiguration: { username: 'u', password: '${PW}' } },
            },
          },
        },
      };
      const found = lint('CreateShadowLinkRequest', doc).diagnostics;
      const codes = found.map((d) => d.code).sort();
      expect(codes).toEqual(['bootstrap-servers', 'internal-error', 'plain-without-tls']);
      expect(found.find((d) => d.code === 'internal-error')!.message).toContain('client-option-range');
      expect(calls).toBe(1);
      // The rule before it in the hook ran once: not again after the failure.
      expect(beforeCalls).toBe(1);
      // The next lint starts clean: the rule runs (and fails) again, once.
      lint('CreateShadowLinkRequest', doc);
      expect(calls).toBe(2);
    } finally {
      (failing.visit as Record<string, unknown>).ClientOptions = original;
      (before.visit as Record<string, unknown>).ClientOptions = beforeOriginal;
    }
  });

  it('are refused in custom rules, which write check(context)', () => {
    const custom = {
      id: '@acme/visiting',
      severity: 'error',
      kinds: ['ShadowLink'],
      docs: { description: 'visits' },
      messages: { m: 'm' },
      check: () => undefined,
      visit: { TlsSettings: () => undefined },
    };
    expect(() => catalogWith([custom], 'test')).toThrow(/visit/);
  });

  it('read own fields directly only where that reads what Object.hasOwn allows', () => {
    const table: Record<string, unknown> = { a: 1, f: () => 1 };
    const nullProto = Object.assign(Object.create(null) as Record<string, unknown>, { b: 2 });
    for (const plain of [false, true]) {
      setPlainReads(plain);
      try {
        expect(own(table, 'a')).toBe(1);
        expect(typeof own(table, 'f')).toBe('function');
        // Members of Object.prototype are not the object's own, read either way.
        for (const k of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])
          expect(own(table, k)).toBe(undefined);
        expect(own(nullProto, 'b')).toBe(2);
        expect(own([1], '0')).toBe(undefined);
        expect(own('text', 'length')).toBe(undefined);
        expect(own(null, 'a')).toBe(undefined);
      } finally {
        setPlainReads(false);
      }
    }
  });

  it('see a plain copy of a value that is not plain JSON: each field read directly is what own() reads', () => {
    class Holder {
      inherited = 1;
      get viaGetter(): number {
        return 2;
      }
    }
    const hidden = {};
    Object.defineProperty(hidden, 'secret', { value: 3, enumerable: false });
    Object.defineProperty(hidden, 'boom', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    const values: Record<string, unknown>[] = [
      new Holder() as unknown as Record<string, unknown>,
      hidden as Record<string, unknown>,
      Object.assign(Object.create(null) as Record<string, unknown>, { b: 2 }),
      JSON.parse('{"__proto__":{"x":1},"y":2}') as Record<string, unknown>,
      new Date(0) as unknown as Record<string, unknown>,
      cyclic,
    ];
    const keys = [
      'inherited',
      'viaGetter',
      'secret',
      'boom',
      'b',
      '__proto__',
      'y',
      'a',
      'toString',
      'constructor',
      'getTime',
    ];
    for (const v of values) {
      const c = plainCopy(v) as Record<string, unknown>;
      expect(Object.getPrototypeOf(c)).toBe(null);
      for (const k of keys) {
        if (k === 'boom') continue;
        const expected = own(v, k);
        if (typeof expected === 'object' && expected !== null) expect(c[k]).toEqual(plainCopy(expected));
        else expect(c[k]).toBe(expected);
      }
    }
    // A getter that throws leaves its key out; a cycle stays a cycle.
    expect(Object.hasOwn(plainCopy(hidden) as object, 'boom')).toBe(false);
    const copied = plainCopy(cyclic) as Record<string, unknown>;
    expect(copied['self']).toBe(copied);
  });

  it('are not run in the acceptor’s pass in a process where Object.prototype has an enumerable property', () => {
    const doc = JSON.parse(typicalRequest()) as {
      shadowLink: { configurations: { clientOptions: Record<string, unknown> } };
    };
    const tls = { enabled: true, tlsFileSettings: { caPath: '/a' } };
    doc.shadowLink.configurations.clientOptions['tlsSettings'] = tls;
    expect(lint('CreateShadowLinkRequest', doc).diagnostics).toEqual([]);
    const proto = Object.prototype as Record<string, unknown>;
    // A polluted prototype: a direct read of tlsSettings.tlsPemSettings would find this, and
    // tls-at-most-one would say the settings hold both kinds (other checks see the key everywhere).
    proto['tlsPemSettings'] = { ca: 'x' };
    try {
      const codes = lint('CreateShadowLinkRequest', doc).diagnostics.map((d) => d.code);
      expect(codes).not.toContain('tls-at-most-one');
    } finally {
      delete proto['tlsPemSettings'];
    }
  });

  it('run for a refused document too (the walker goes where the acceptor stopped)', () => {
    const doc = {
      shadowLink: {
        name: 'x',
        when: new Date(0),
        configurations: {
          clientOptions: {
            bootstrapServers: ['a:1'],
            tlsSettings: { tlsFileSettings: { caPath: '/a' }, tlsPemSettings: { ca: 'x' } },
          },
        },
      },
    };
    expect(acceptors.CreateShadowLinkRequest(doc)).toBe(2);
    expect(lint('CreateShadowLinkRequest', doc).diagnostics.map((d) => d.code)).toContain('tls-at-most-one');
  });
});
