/** What preview and convert tell a user whose file has errors: only the ways that can work for those errors. */
import type { Diagnostic } from '../core/diagnostics';
import { isSuppressible, UNSUPPRESSIBLE } from '../lint/directives';

const isSyntaxError = (code: string): boolean => code === 'parse/yaml-syntax' || code === 'parse/json-syntax';

/**
 * "fix them, or suppress them as for lint" when some error can be suppressed (an ignore entry or
 * directive can name it); otherwise what each kind of error asks for (its syntax fixed, its kind
 * given: these commands have no --kind), as suppressing would not help. `orForce` adds --force.
 */
export function errorsAdvice(diagnostics: readonly Diagnostic[], orForce: boolean): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
  const ways: string[] = [];
  if (errors.some((code) => !UNSUPPRESSIBLE.test(code) && isSuppressible(code))) {
    ways.push('fix them', 'suppress them as for lint');
  } else {
    if (errors.some(isSyntaxError)) ways.push('fix its syntax');
    if (errors.some((code) => code.startsWith('kind/')))
      ways.push('give its kind ("$schema" in the file, or "kind" in a config override)');
    if (errors.some((code) => !isSyntaxError(code) && !code.startsWith('kind/')))
      ways.push('fix them (they cannot be suppressed)');
  }
  if (ways.length === 0) ways.push('fix them');
  if (orForce) ways.push('use --force');
  return ways.length <= 1 ? ways.join('') : `${ways.slice(0, -1).join(', ')}, or ${ways.at(-1)}`;
}
