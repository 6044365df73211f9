/** Every generated, committed file of the repository with its expected content, for scripts/gen.ts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportedSchemaFiles } from '../src/schema/export';
import { knownCodesFile } from './known-codes';
import { protoGeneratedFiles, PROTO_GEN_DIR } from './proto-gen';
import { docFiles, replaceBetweenMarkers, ruleTable } from './rule-docs';
import { serverErrorTable } from './server-error-table';
import { formatTable } from './format-docs';
import { kindTable } from './kind-docs';
import { ruleIndexFile } from './rule-index';
import { passesFile } from './pass-code';

/** Directories whose every file is generated: a file there that is not generated is stale too. */
export const generatedDirs = [PROTO_GEN_DIR];

/** Path (relative to the repository root) → content. */
export function generatedFiles(root: string): Map<string, string> {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  return new Map([
    ...exportedSchemaFiles(),
    ...docFiles(),
    ['src/rules/index.ts', ruleIndexFile(root)],
    ['src/passes/index.ts', passesFile()],
    ['src/core/codes.ts', knownCodesFile()],
    [
      'README.md',
      (
        [
          ['rules', ruleTable()],
          ['server-errors', serverErrorTable()],
          ['kinds', kindTable()],
          ['formats', formatTable()],
        ] as const
      ).reduce<string>((text, [name, body]) => replaceBetweenMarkers(text, name, body), readme),
    ],
    ...protoGeneratedFiles(root),
  ]);
}
