/**
 * previewFilters follows the server's filter semantics, including its special topics; filter-redundant
 * judges short and long lists alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewFilters } from '../src/facts/filters';
import { lint } from '../src/index';
import { fuzzRuns, fuzzSeed } from './support/fuzz';

const f = (filterType: 'INCLUDE' | 'EXCLUDE', patternType: 'LITERAL' | 'PREFIX', name: string) => ({
  filterType: `FILTER_TYPE_${filterType}`,
  patternType: `PATTERN_TYPE_${patternType}`,
  name,
});

const link = (topicFilters: unknown[], groupFilters: unknown[] = [], schemaRegistry = false) => ({
  name: 'l',
  configurations: {
    topicMetadataSyncOptions: { autoCreateShadowTopicFilters: topicFilters },
    consumerOffsetSyncOptions: { groupFilters },
    ...(schemaRegistry ? { schemaRegistrySyncOptions: { shadowSchemaRegistryTopic: {} } } : {}),
  },
});

const pick = (p: ReturnType<typeof previewFilters>['topics']) =>
  Object.fromEntries(p.map((e) => [e.name, [e.selected, e.reason, e.filterIndex]]));

describe('previewFilters', () => {
  it('EXCLUDE wins over INCLUDE whatever the order; PREFIX and LITERAL match as documented', () => {
    const cfg = link([
      f('INCLUDE', 'PREFIX', 'orders.'),
      f('EXCLUDE', 'LITERAL', 'orders.tmp'),
      f('INCLUDE', 'LITERAL', 'payments'),
    ]);
    const p = previewFilters(cfg, { topics: ['orders.eu', 'orders.tmp', 'payments', 'payments.v2', 'other'] });
    expect(pick(p.topics)).toEqual({
      'orders.eu': [true, 'filter', 0],
      'orders.tmp': [false, 'filter', 1],
      payments: [true, 'filter', 2],
      'payments.v2': [false, 'no-include', undefined],
      other: [false, 'no-include', undefined],
    });
  });

  it('a lone * selects everything except internal, never-shadowed and _schemas topics', () => {
    const p = previewFilters(link([f('INCLUDE', 'LITERAL', '*')]), {
      topics: ['a', '_svc.mine', '__svc_x', '__consumer_offsets', '_svc.audit_log', '_svc.transform_logs', '_schemas'],
    });
    expect(pick(p.topics)).toEqual({
      a: [true, 'filter', 0],
      '_svc.mine': [false, 'internal-prefix', undefined],
      __svc_x: [false, 'internal-prefix', undefined],
      __consumer_offsets: [false, 'never-shadowed', undefined],
      '_svc.audit_log': [false, 'never-shadowed', undefined],
      '_svc.transform_logs': [false, 'never-shadowed', undefined],
      _schemas: [false, 'schema-registry', undefined],
    });
  });

  it('an internal topic needs a LITERAL INCLUDE naming it exactly; _schemas follows schemaRegistrySyncOptions', () => {
    const p = previewFilters(link([f('INCLUDE', 'LITERAL', '_svc.mine'), f('INCLUDE', 'PREFIX', '_svc')], [], true), {
      topics: ['_svc.mine', '_svc.other', '_schemas'],
    });
    expect(pick(p.topics)).toEqual({
      '_svc.mine': [true, 'filter', 0],
      '_svc.other': [false, 'internal-prefix', undefined],
      _schemas: [true, 'schema-registry', undefined],
    });
  });

  it('groups use the same matcher with no special names; an empty or exclude-only list selects nothing', () => {
    const p = previewFilters(link([], [f('INCLUDE', 'LITERAL', '*'), f('EXCLUDE', 'PREFIX', 'tmp-')]), {
      topics: ['a'],
      groups: ['app', 'tmp-1', '_svc.g'],
    });
    expect(pick(p.groups)).toEqual({
      app: [true, 'filter', 0],
      'tmp-1': [false, 'filter', 1],
      '_svc.g': [true, 'filter', 0],
    });
    expect(p.topics[0]!.selected).toBe(false);
    expect(previewFilters(link([f('EXCLUDE', 'LITERAL', 'a')]), { topics: ['b'] }).topics[0]!.reason).toBe(
      'no-include',
    );
  });

  it('accepts a configurations object as well as a whole link, and explains every decision', () => {
    const cfg = link([f('INCLUDE', 'LITERAL', 'a')]).configurations;
    const p = previewFilters(cfg, { topics: ['a'] });
    expect(p.topics[0]).toMatchObject({ selected: true, explanation: 'included by autoCreateShadowTopicFilters[0]' });
  });

  it('property: EXCLUDE wins, and the deciding filter is the first matching one of its type', () => {
    const name = fc.stringMatching(/^(?:[a-z.]{0,8}|\*)$/);
    fc.assert(
      fc.property(fc.array(fc.record({ inc: fc.boolean(), prefix: fc.boolean(), name })), name, (specs, topic) => {
        const filters = specs.map((s) => f(s.inc ? 'INCLUDE' : 'EXCLUDE', s.prefix ? 'PREFIX' : 'LITERAL', s.name));
        const matches = (s: (typeof specs)[number]) =>
          s.prefix ? topic.startsWith(s.name) : s.name === '*' || topic === s.name;
        const excluded = specs.findIndex((s) => !s.inc && matches(s));
        const included = specs.findIndex((s) => s.inc && matches(s));
        const e = previewFilters(link(filters), { topics: [topic] }).topics[0]!;
        expect(e.selected).toBe(excluded < 0 && included >= 0);
        expect(e.filterIndex).toBe(excluded >= 0 ? excluded : included >= 0 ? included : undefined);
      }),
    );
  });

  it('never throws on odd input', () => {
    for (const cfg of [
      undefined,
      null,
      5,
      [],
      { configurations: { topicMetadataSyncOptions: { autoCreateShadowTopicFilters: [null, 5, {}] } } },
    ]) {
      expect(() => previewFilters(cfg, { topics: ['a'], groups: ['b'] })).not.toThrow();
    }
  });

  it('throws a TypeError naming the problem when the names are not { topics?: string[], groups?: string[] }', () => {
    const bad: [unknown, RegExp][] = [
      [undefined, /second argument must be \{ topics\?: string\[\], groups\?: string\[\] \}\.$/],
      [null, /second argument/],
      ['orders', /second argument/],
      [{ topics: 'orders' }, /"topics" is not an array/],
      [{ topics: { length: 1 } }, /"topics" is not an array/],
      [{ groups: ['a', 5] }, /groups\[1\] is not a string/],
    ];
    for (const [names, message] of bad) {
      expect(() => previewFilters(link([]), names as never), JSON.stringify(names)).toThrow(TypeError);
      expect(() => previewFilters(link([]), names as never)).toThrow(message);
    }
    expect(previewFilters(link([]), {})).toEqual({ topics: [], groups: [] });
  });
});

describe('filter-redundant', () => {
  it('judges a short list (compared pair by pair) as a long one (indexed) does', () => {
    // Filters whose fields repeat often, with odd values: NaN, null, numbers, objects.
    const field = (xs: unknown[]) => fc.constantFrom(...xs);
    const filter = fc.oneof(
      fc.record({
        filterType: field(['FILTER_TYPE_INCLUDE', 'FILTER_TYPE_EXCLUDE', 'FILTER_TYPE_UNSPECIFIED', null, NaN]),
        patternType: field(['PATTERN_TYPE_LITERAL', 'PATTERN_TYPE_PREFIX', 7, NaN, {}]),
        name: field(['*', 'a', 'b', '_svc_x', '__svc_y', 0, NaN, null, []]),
      }),
      field([1, 'x', null]),
    );
    const findings = (filters: unknown[]) =>
      lint('ShadowLink', link(filters, filters), { rules: { 'filter-redundant': 'warning' } })
        .diagnostics.filter((d) => d.code === 'filter-redundant')
        .map((d) => `${d.pointer} ${d.message}`);
    fc.assert(
      fc.property(fc.array(filter, { maxLength: 16 }), (filters) => {
        // Items that are not objects count for nothing, but make the list long enough to be indexed.
        const padded = [...filters, ...Array.from({ length: 17 }, () => 0)];
        expect(findings(padded)).toEqual(findings(filters));
      }),
      { numRuns: fuzzRuns(300, 0.02), seed: fuzzSeed(17_0701) },
    );
  });
});
