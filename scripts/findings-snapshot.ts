/**
 * The engine's before/after check: every finding the linter gives over `examples/` and the test
 * fixtures (the real-world corpus included), as one JSON document. Run it on the old engine with
 * `--out before.json`, change the engine, then `--compare before.json`: it prints every difference
 * and exits 1 when there is one.
 *
 * Three views of each file: `lintText` with the kind its name starts with (fixtures are named
 * `Kind.what.json`), `lintText` deciding the kind itself, each for every target version; and the
 * built CLI's `--format json` over each example folder, run from that folder (so its config applies).
 * `lintText` runs at a fixed clock; the CLI has no clock option and runs at the real one, so compare
 * two snapshots taken close together (a certificate that expires in between moves a finding).
 *
 * And mutants: every rule example and example file, mutated a few thousand times over by a seeded
 * generator (values the rules care about put in place of any node, keys removed, renamed or added,
 * subtrees copied elsewhere), each judged by `lint` for every target version: where an engine change
 * would move a finding on documents nobody wrote down.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { lintText } from '../src/lint/lint-text';
import { lint } from '../src/lint/lint';
import { isDocumentKind, type DocumentKind } from '../src/model/kinds';
import { rules } from '../src/rules/index';
import { exampleKind } from '../src/lint/rule-examples';
import { TARGET_VERSIONS } from '../src/facts/target-version';
import { chooser } from '../test/support/fuzz';
import { mutant, places } from '../test/support/mutants';

const ROOT = join(import.meta.dirname, '..');
const NOW = new Date('2026-11-22T00:00:00Z');
const EXTENSIONS = /\.(json|ya?ml)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (EXTENSIONS.test(name) && !name.endsWith('.expected.json') && name !== 'expected.json') out.push(path);
  }
  return out;
}

/** A value as JSON writes it (undefined fields dropped), so that it compares like the CLI's output. */
const asJson = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

function snapshot(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const files = [...filesUnder(join(ROOT, 'examples')), ...filesUnder(join(ROOT, 'test/fixtures'))].filter(
    (f) => !f.includes('/reference/'),
  );
  for (const path of files) {
    const rel = relative(ROOT, path);
    const text = readFileSync(path, 'utf8');
    const prefix = rel.split('/').pop()!.split('.')[0]!;
    for (const targetVersion of TARGET_VERSIONS) {
      const detected = lintText(text, { filename: rel, now: NOW, targetVersion });
      out[`lintText ${targetVersion} ${rel}`] = asJson({ kind: detected.kind, diagnostics: detected.diagnostics });
      if (isDocumentKind(prefix)) {
        const named = lintText(text, { filename: rel, now: NOW, targetVersion, kind: prefix });
        out[`lintText ${targetVersion} --kind ${prefix} ${rel}`] = asJson({
          kind: named.kind,
          diagnostics: named.diagnostics,
        });
      }
    }
  }
  const cli = join(ROOT, 'dist/cli.cjs');
  for (const dir of ['examples/good', 'examples/bad', 'examples/custom-rules']) {
    let stdout: string;
    try {
      stdout = execFileSync(process.execPath, [cli, 'lint', '--format', 'json', '.'], {
        cwd: join(ROOT, dir),
        encoding: 'utf8',
      });
    } catch (error) {
      stdout = (error as { stdout: string }).stdout;
    }
    out[`cli ${dir}`] = JSON.parse(stdout);
  }
  return out;
}

/** The findings of `lint` on mutants of every rule example and example file. */
function mutants(count: number, out: Record<string, unknown>): void {
  const docs: [DocumentKind, unknown][] = [];
  for (const rule of rules)
    for (const ex of [...(rule.examples?.valid ?? []), ...(rule.examples?.invalid ?? [])])
      docs.push([exampleKind(rule, ex), ex.doc]);
  for (const path of filesUnder(join(ROOT, 'examples/good')).filter((p) => p.endsWith('.json'))) {
    const r = lintText(readFileSync(path, 'utf8'), { filename: path, now: NOW });
    if (isDocumentKind(r.kind)) docs.push([r.kind, r.source.value]);
  }
  const keys = [
    ...new Set(docs.flatMap(([, d]) => places({ d }).map(([, k]) => k)).filter((k) => typeof k === 'string')),
  ] as string[];
  const pick = chooser(20261127);
  for (let i = 0; i < count; i++) {
    const [kind, doc] = docs[i % docs.length]!;
    const value = mutant(doc, keys, pick);
    for (const targetVersion of TARGET_VERSIONS)
      out[`mutant ${i} ${kind} ${targetVersion}`] = asJson({
        value,
        diagnostics: lint(kind, value, { now: NOW, isFile: true, targetVersion }).diagnostics,
      });
  }
}

const [mode, file] = process.argv.slice(2);
if (!file || (mode !== '--out' && mode !== '--compare')) {
  console.error('usage: tsx scripts/findings-snapshot.ts --out FILE | --compare FILE');
  process.exit(2);
}
const current = snapshot();
mutants(Number(process.env['MUTANTS'] ?? 6000), current);
if (mode === '--out') {
  writeFileSync(file, `${JSON.stringify(current, null, 1)}\n`);
  console.log(`wrote ${Object.keys(current).length} views to ${file}`);
} else {
  const before = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  let differences = 0;
  for (const key of new Set([...Object.keys(before), ...Object.keys(current)])) {
    const a = JSON.stringify(before[key]);
    const b = JSON.stringify(current[key]);
    if (a === b) continue;
    differences++;
    console.log(`differs: ${key}\n  before: ${a?.slice(0, 2000)}\n  after:  ${b?.slice(0, 2000)}`);
  }
  console.log(`${Object.keys(current).length} views compared, ${differences} differ`);
  process.exitCode = differences === 0 ? 0 : 1;
}
