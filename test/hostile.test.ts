/**
 * Hostile input: every case named in the safety requirements, each asserting the behaviour it
 * names. Large inputs are bounded by the test's timeout (never by a timing assertion).
 */
import { describe, expect, it } from 'vitest';
import { lint, lintText } from '../src/index';

const codes = (ds: readonly { code: string }[]) => ds.map((d) => d.code);

const filter = (filterType: string, name: unknown, patternType = 'PATTERN_TYPE_LITERAL') => ({
  filterType,
  name,
  patternType,
});

describe('hostile values for the rules', () => {
  it('a filter field that is an object with a non-callable toString is reported, never a crash', () => {
    const odd = { toString: 1 };
    const fields = ['filterType', 'name', 'patternType'] as const;
    for (const field of fields) {
      const f: Record<string, unknown> = { ...filter('FILTER_TYPE_INCLUDE', 'a'), [field]: odd };
      // The same object twice, as a YAML alias would give it.
      const doc = {
        name: 'x',
        configurations: {
          clientOptions: { bootstrapServers: ['a:1'] },
          topicMetadataSyncOptions: { autoCreateShadowTopicFilters: [f, f, filter('FILTER_TYPE_EXCLUDE', odd)] },
          consumerOffsetSyncOptions: { groupFilters: [f, f] },
        },
      };
      const r = lint('ShadowLink', doc);
      expect(codes(r.diagnostics)).not.toContain('internal-error');
      const at = `/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/${field}`;
      expect(r.diagnostics.find((d) => d.pointer === at)?.severity, field).toBe('error');
    }
    const text =
      '{"name":"x","configurations":{"topicMetadataSyncOptions":{"autoCreateShadowTopicFilters":[{"filterType":{"toString":1},"name":"a","patternType":"PATTERN_TYPE_LITERAL"}]}}}';
    expect(codes(lintText(text, { filename: 'odd.json' }).diagnostics)).not.toContain('internal-error');
  });

  it('a valid 8 MB config with 60,000 filters: filter-redundant compares by hash, not pairs', () => {
    const n = 60_000;
    const filters = Array.from({ length: n }, (_, i) =>
      filter(i % 10 === 0 ? 'FILTER_TYPE_EXCLUDE' : 'FILTER_TYPE_INCLUDE', `team-${i}.topic`.padEnd(40, '-')),
    );
    // Known findings far apart: a duplicate of the second filter and a contradiction of the first, at the end.
    filters.push(filter('FILTER_TYPE_INCLUDE', filters[1]!.name));
    filters.push(filter('FILTER_TYPE_INCLUDE', filters[0]!.name));
    const doc = {
      name: 'big',
      configurations: {
        clientOptions: { bootstrapServers: ['a:1'] },
        topicMetadataSyncOptions: { autoCreateShadowTopicFilters: filters },
        consumerOffsetSyncOptions: { groupFilters: filters.slice(2, n) },
      },
    };
    const text = JSON.stringify(doc, null, 1);
    expect(text.length).toBeGreaterThan(8_000_000);
    const r = lintText(text, { filename: 'big.json' });
    const found = r.diagnostics.filter((d) => d.code === 'filter-redundant');
    const list = '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters';
    expect(found.map((d) => d.pointer)).toEqual([`${list}/${n}`, `${list}/${n + 1}`]);
    expect(found[0]!.message).toBe(
      '`autoCreateShadowTopicFilters[60000]` repeats `autoCreateShadowTopicFilters[1]`; remove it.',
    );
    expect(found[1]!.message).toContain('`autoCreateShadowTopicFilters[0]` EXCLUDEs');
    expect(codes(r.diagnostics)).not.toContain('internal-error');
  }, 60_000);
});
