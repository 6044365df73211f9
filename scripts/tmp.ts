import { readFileSync } from 'node:fs';
import { lintText } from '../src/lint-text';
const f = process.argv[2]!;
const r = lintText(readFileSync(f, 'utf8'), { filename: f });
console.log(r.kind);
for (const d of r.diagnostics)
  console.log(
    `${d.range?.start.line}:${d.range?.start.column}-${d.range?.end.line}:${d.range?.end.column} ${d.severity} ${d.code} ${d.message}`,
  );
