/** Every generated, committed file of the repository with its expected content, for scripts/gen.ts. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportedSchemaFiles } from '../src/schema/export';
import { knownCodesFile } from './known-codes';
import { protoGeneratedFiles, PROTO_GEN_DIR } from './proto-gen';
import { docFiles, replaceBetweenMarkers, ruleTable } from './rule-docs';
import { serverErrorTable } from './server-error-table';
import { formatTable } from './format-docs';
import { kindTable } from './kind-docs';
import { configTable } from './config-docs';
import { ruleIndexFile } from './rule-index';
import { passesFile } from './pass-code';

/** Directories whose every file is generated: a file there that is not generated is stale too. */
export const generatedDirs = [PROTO_GEN_DIR];

/** The generated tables by marker name; `rulesDir` is where the rule pages are, seen from the page holding the table. */
const TABLES: Record<string, (rulesDir: string) => string> = {
  rules: (rulesDir) => ruleTable(rulesDir),
  'server-errors': (rulesDir) => serverErrorTable(rulesDir),
  kinds: () => kindTable(),
  formats: () => formatTable(),
  config: () => configTable(),
};

/** The docs site page that must hold each table (the README may repeat any of them, between the same markers). */
const TABLE_PAGES: Record<string, string> = {
  rules: 'docs/rules.md',
  'server-errors': 'docs/client.md',
  kinds: 'docs/cli.md',
  formats: 'docs/cli.md',
  config: 'docs/configuration.md',
};

/** Fills the tables of a page: those `required` must have their markers, the others are filled where present. */
function withTables(root: string, path: string, rulesDir: string, required: readonly string[]): [string, string] {
  const file = join(root, path);
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  for (const [name, table] of Object.entries(TABLES))
    if (required.includes(name) || text.includes(`<!-- ${name}:start -->`))
      text = replaceBetweenMarkers(text, name, table(rulesDir));
  return [path, text];
}

/** Path (relative to the repository root) → content. */
export function generatedFiles(root: string): Map<string, string> {
  const pages = [...new Set(Object.values(TABLE_PAGES))];
  return new Map([
    ...exportedSchemaFiles(),
    ...docFiles(),
    ['src/rules/index.ts', ruleIndexFile(root)],
    ['src/passes/index.ts', passesFile()],
    ['src/core/codes.ts', knownCodesFile()],
    withTables(root, 'README.md', 'docs/rules/', []),
    // The pages sit in docs/, next to docs/rules/.
    ...pages.map((page) =>
      withTables(
        root,
        page,
        'rules/',
        Object.keys(TABLE_PAGES).filter((name) => TABLE_PAGES[name] === page),
      ),
    ),
    ...protoGeneratedFiles(root),
  ]);
}
