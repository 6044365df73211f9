/** Every generated file of the repository with its expected content, for scripts/gen.ts. */
import { exportedSchemaFiles } from '../src/schema/export';

/** Path (relative to the repository root) → content. */
export function generatedFiles(_root: string): Map<string, string> {
  return new Map([...exportedSchemaFiles()]);
}
