/** The stable JSON output (version 1): one object with results and a summary. */
import type { Formatter } from './types';
import { prettyJsonPieces } from './pieces';
import { summarize } from './summary';

/** `{ version: 1, results: [{ file, kind, diagnostics }], summary: { errors, warnings, infos, files } }`. */
export const formatJson: Formatter = (results) =>
  prettyJsonPieces({
    version: 1,
    results: results.map((r) => ({ file: r.file, kind: r.kind, diagnostics: r.diagnostics })),
    summary: summarize(results),
  });
