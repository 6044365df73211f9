/**
 * Any input is linted, never a crash: valid documents of every kind, mutated at random (a value
 * replaced by any JSON value or by one no JSON parser makes, a key removed or added), through `lint`; their JSON and YAML texts
 * with random edits through `lintText` and `--fix`; and through the command line. In CI each
 * property runs a few hundred times; `npm run fuzz` runs them for over a million values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { lint, lintText, type Diagnostic } from '../src/index';
import { fixText } from '../src/fix/fix-text';
import { parseSource } from '../src/source/index';
import { scratch, type JsonReport } from './cli-helpers';
import { clone, validFixtures, walkValue } from './helpers';
import { runInProcess } from './run-helpers';
import { FUZZ_LIMIT, fuzzRuns, fuzzSeed } from './support/fuzz';

const FIXTURES = validFixtures();

/** A fixture with one random change at one of its pointers. */
const mutated = fc
  .record({
    fixture: fc.constantFrom(...FIXTURES),
    at: fc.nat(),
    change: fc.oneof(
      fc.record({ kind: fc.constant('set' as const), value: fc.jsonValue({ maxDepth: 3 }) }),
      fc.record({ kind: fc.constant('delete' as const) }),
      fc.record({
        kind: fc.constant('add' as const),
        key: fc.string({ maxLength: 12 }),
        value: fc.jsonValue({ maxDepth: 2 }),
      }),
    ),
    more: fc.nat({ max: 3 }),
  })
  .map(({ fixture, at, change, more }) => {
    const value = clone(fixture.value);
    for (let round = 0; round <= more; round++) {
      const pointers = [...walkValue(value)].map(([p]) => p).filter((p) => p !== '');
      if (pointers.length === 0) break;
      const pointer = pointers[(at + round * 7919) % pointers.length]!;
      // The parent of the chosen node, found by pointer (keys may hold "/" and "~").
      const parent = pointer.slice(0, pointer.lastIndexOf('/'));
      const key = pointer
        .slice(pointer.lastIndexOf('/') + 1)
        .replace(/~1/g, '/')
        .replace(/~0/g, '~');
      const target = parent === '' ? value : [...walkValue(value)].find(([p]) => p === parent)?.[1];
      if (!target || typeof target !== 'object') continue;
      const holder = target as Record<string, unknown>;
      if (change.kind === 'set') holder[key] = clone(change.value);
      else if (change.kind === 'add') {
        if (!Array.isArray(target)) holder[change.key] = clone(change.value);
      } else if (Array.isArray(target)) target.splice(Number(key), 1);
      else delete holder[key];
    }
    return { kind: fixture.kind, value };
  });

/** Characters that mean something to YAML or JSON, and some that mean nothing. */
const EDIT_CHARS = [...'{}[]:,-#&*!|>\'"%@` \t\n\r\\?', '\u00a0', '\ufeff', '\u2028', 'é', '😀', '0', 'x', '~', '$'];

/** A fixture's text (JSON or YAML) with random edits: inserted characters, deleted runs, repeated lines. */
const editedText = fc
  .record({
    fixture: fc.constantFrom(...FIXTURES),
    yaml: fc.boolean(),
    edits: fc.array(
      fc.record({
        at: fc.nat(),
        kind: fc.constantFrom('insert', 'delete', 'repeat-line'),
        text: fc.array(fc.constantFrom(...EDIT_CHARS), { minLength: 1, maxLength: 4 }).map((a) => a.join('')),
        length: fc.integer({ min: 1, max: 20 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map(({ fixture, yaml, edits }) => {
    let text = yaml ? stringify(fixture.value) : JSON.stringify(fixture.value, null, 2);
    for (const e of edits) {
      const at = e.at % (text.length + 1);
      if (e.kind === 'insert') text = text.slice(0, at) + e.text + text.slice(at);
      else if (e.kind === 'delete') text = text.slice(0, at) + text.slice(at + e.length);
      else {
        const start = text.lastIndexOf('\n', at - 1) + 1;
        const end = text.indexOf('\n', at);
        const line = text.slice(start, end < 0 ? text.length : end + 1);
        text = text.slice(0, start) + line + text.slice(start);
      }
    }
    return { kind: fixture.kind, text, filename: yaml ? 'doc.yaml' : 'doc.json' };
  });

/** The shape every finding has, whatever the input. */
function expectWellFormed(diagnostics: readonly Diagnostic[], text?: string): void {
  for (const d of diagnostics) {
    expect(d.code).not.toBe('internal-error');
    expect(d.pointer === '' || d.pointer.startsWith('/')).toBe(true);
    expect(['error', 'warning', 'info']).toContain(d.severity);
    expect(d.message.length).toBeGreaterThan(10);
    if (text !== undefined && d.range) {
      const lines = text.split(/\r\n|\r|\n/).length;
      expect(d.range.start.line).toBeGreaterThanOrEqual(1);
      expect(d.range.end.line).toBeLessThanOrEqual(lines + 1);
    }
  }
}

describe('fuzz: any input is linted, never a crash', () => {
  it(
    'lint: mutated documents of every kind',
    () => {
      fc.assert(
        fc.property(mutated, ({ kind, value }) => {
          const before = JSON.stringify(value);
          const r = lint(kind, value);
          expectWellFormed(r.diagnostics);
          expect(r.valid).toBe(!r.diagnostics.some((d) => d.severity === 'error'));
          expect(JSON.stringify(value)).toBe(before);
        }),
        { numRuns: fuzzRuns(400, 0.75), seed: fuzzSeed(8_0201) },
      );
    },
    FUZZ_LIMIT,
  );

  it(
    'lint: values no JSON parser makes, in place of any node (class instances, null prototypes, holes, shared objects)',
    () => {
      class Holder {
        constructor(fields: object) {
          Object.assign(this, fields);
        }
      }
      /** Non-JSON stand-ins for a node: each keeps the node's own data where it has any. */
      const HOSTILE: ((v: unknown) => unknown)[] = [
        (v) => (v && typeof v === 'object' && !Array.isArray(v) ? new Holder(v) : new Holder({})),
        (v) => Object.assign(Object.create(null) as object, v && typeof v === 'object' ? v : {}),
        (v) => (Array.isArray(v) ? Object.assign(new Array<unknown>(v.length + 2), v) : new Array(3)),
        (v) => Object.freeze(Array.isArray(v) ? [...(v as unknown[])] : { ...(v as object) }),
        () => new Date(0),
        () => new Map([['name', 'x']]),
        () => NaN,
        () => -0,
        () => 10n,
        () => Symbol('s'),
        () => undefined,
      ];
      const hostile = fc
        .record({ fixture: fc.constantFrom(...FIXTURES), at: fc.nat(), how: fc.nat(), share: fc.boolean() })
        .map(({ fixture, at, how, share }) => {
          const value = clone(fixture.value);
          const nodes = [...walkValue(value)].filter(([p]) => p !== '');
          if (nodes.length === 0) return { kind: fixture.kind, value };
          const [pointer, node] = nodes[at % nodes.length]!;
          const parentPointer = pointer.slice(0, pointer.lastIndexOf('/'));
          const key = pointer
            .slice(pointer.lastIndexOf('/') + 1)
            .replace(/~1/g, '/')
            .replace(/~0/g, '~');
          const parent = (parentPointer === '' ? value : nodes.find(([p]) => p === parentPointer)?.[1]) as Record<
            string,
            unknown
          >;
          // The same object twice (as a YAML alias makes it), or a stand-in no JSON parser makes.
          parent[key] = share && nodes[0] ? nodes[0][1] : HOSTILE[how % HOSTILE.length]!(node);
          return { kind: fixture.kind, value };
        });
      fc.assert(
        fc.property(hostile, ({ kind, value }) => {
          const r = lint(kind, value);
          expectWellFormed(r.diagnostics);
        }),
        { numRuns: fuzzRuns(400, 0.1), seed: fuzzSeed(8_0205) },
      );
    },
    FUZZ_LIMIT,
  );

  it(
    'lintText: edited JSON and YAML texts, with positions inside the text',
    () => {
      fc.assert(
        fc.property(editedText, ({ text, filename }) => {
          expectWellFormed(lintText(text, { filename }).diagnostics, text);
        }),
        { numRuns: fuzzRuns(300, 0.2), seed: fuzzSeed(8_0202) },
      );
    },
    FUZZ_LIMIT,
  );

  it(
    '--fix on edited texts: never a crash, and a text that parsed still parses, without new parse problems',
    () => {
      fc.assert(
        fc.property(editedText, ({ text, filename }) => {
          const format = filename.endsWith('.json') ? 'json' : 'yaml';
          const fixed = fixText(text, { filename });
          expectWellFormed(fixed.result.diagnostics, fixed.text);
          const before = parseSource(text, format);
          if (fixed.applied > 0 && before.ok) {
            const after = parseSource(fixed.text, format);
            expect(after.ok).toBe(true);
            expect(after.diagnostics.length).toBeLessThanOrEqual(before.diagnostics.length);
          }
        }),
        { numRuns: fuzzRuns(150, 0.04), seed: fuzzSeed(8_0203) },
      );
    },
    FUZZ_LIMIT,
  );

  it(
    'the command line: every file gets a verdict or a stated skip, the JSON report parses, exit 0, 1 or 2',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(editedText, { minLength: 1, maxLength: 3 }), async (docs) => {
          const files = Object.fromEntries(docs.map((d, i) => [`${i}-${d.filename}`, d.text]));
          const dir = scratch(files);
          const r = await runInProcess(['lint', '-f', 'json', '--verbose', '.'], { cwd: dir });
          expect([0, 1, 2]).toContain(r.code);
          expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
          const report = JSON.parse(r.stdout) as JsonReport;
          // A walk skips what is plainly not ours (an edit can make it so), and says so with --verbose.
          const skipped = [
            ...r.stderr.matchAll(
              /^svc-admin-spec: skipped (.+): (?:not an Admin API document|does not parse and names nothing of ours)$/gm,
            ),
          ].map((m) => m[1]!);
          expect([...report.results.map((x) => x.file), ...skipped].sort()).toEqual(Object.keys(files).sort());
        }),
        { numRuns: fuzzRuns(30, 0.005), seed: fuzzSeed(8_0204) },
      );
    },
    FUZZ_LIMIT,
  );
});
