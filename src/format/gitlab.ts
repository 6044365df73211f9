/**
 * GitLab Code Quality (`artifacts:reports:codequality`): a JSON array of issues with
 * description, check_name, fingerprint, severity and location (path, lines.begin).
 */
import type { Severity } from '../core/diagnostics';
import type { Formatter } from './types';
import { findingFingerprint } from './fingerprint';
import { forwardSlashes, pathUnder } from './paths';
import { prettyJsonPieces } from './pieces';

/** GitLab's severities are info, minor, major, critical and blocker; errors and warnings map as eslint-formatter-gitlab's do. */
const SEVERITY: Record<Severity, 'info' | 'minor' | 'major'> = { error: 'major', warning: 'minor', info: 'info' };

/**
 * The report. Paths are relative to `options.workspace` (CI_PROJECT_DIR) when inside it, as
 * GitLab wants paths in the repository. Fingerprints follow SARIF's (file, code, pointer) and get
 * a `#n` suffix for a repeat, since GitLab merges findings with one fingerprint into one.
 */
export const formatGitlab: Formatter = (results, options) => {
  const issues: object[] = [];
  for (const r of results) {
    const path =
      (options.workspace ? pathUnder(r.file, options.cwd, options.workspace) : undefined) ?? forwardSlashes(r.file);
    const seen = new Map<string, number>();
    for (const d of r.diagnostics) {
      const base = findingFingerprint(path, d);
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      issues.push({
        description: d.message,
        check_name: d.code,
        fingerprint: n === 1 ? base : findingFingerprint(`${path}#${n}`, d),
        severity: SEVERITY[d.severity],
        location: {
          path,
          lines: d.range ? { begin: d.range.start.line, end: d.range.end.line } : { begin: 1 },
        },
      });
    }
  }
  return prettyJsonPieces(issues);
};
