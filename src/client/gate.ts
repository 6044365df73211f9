/** The request linting gate: nothing is sent when the linter reports an error in the request. */
import { TARGET_VERSIONS, type TargetVersion } from '../facts/target-version';
import type { Diagnostic } from '../core/diagnostics';
import { lint, ValidationError, type LintOptions } from '../lint/lint';
import { METHODS } from '../model/methods';
import type { AdminMethod } from './errors';
import type { Report } from './report';

/** Lints requests with the client's settings. */
export interface Gate {
  /**
   * Lints `request` for `targetVersion`; throws `ValidationError` on an error and reports the rest.
   * `prelinted`: the caller's own verdict (apply's), used instead of linting again.
   */
  check(method: AdminMethod, request: unknown, targetVersion: TargetVersion, prelinted?: readonly Diagnostic[]): void;
  /** The error of a request that is invalid for every known version, or undefined. */
  invalidForEveryVersion(method: AdminMethod, request: unknown): ValidationError | undefined;
}

/** A `Gate` linting with `lintOptions` and reporting to `report`. */
export function gate(lintOptions: (targetVersion: TargetVersion) => LintOptions, report: Report): Gate {
  return {
    check(method, request, targetVersion, prelinted) {
      const kind = METHODS[method].request;
      if (prelinted) {
        if (prelinted.some((d) => d.severity === 'error')) throw new ValidationError(kind, [...prelinted]);
        return;
      }
      const result = lint(kind, request, lintOptions(targetVersion));
      if (!result.valid) throw new ValidationError(kind, result.diagnostics);
      report({ method, phase: 'request', diagnostics: result.diagnostics });
    },
    invalidForEveryVersion(method, request) {
      const kind = METHODS[method].request;
      const byVersion = TARGET_VERSIONS.map((v) => lint(kind, request, lintOptions(v)));
      if (byVersion.every((r) => !r.valid))
        return new ValidationError(kind, byVersion[byVersion.length - 1]!.diagnostics);
      return undefined;
    },
  };
}
