/** The decoding stage: an answer is linted as its method's response kind and compared with the request. */
import { checkExchange } from '../conformance/check';
import { lint, type LintOptions } from '../lint/lint';
import { METHODS } from '../model/methods';
import { redactStrings } from '../secrets/redact';
import type { AdminMethod } from './errors';
import type { Report } from './report';

/** Lints an answer and compares it with the request; findings go to `report`, never thrown. */
export function checkAnswer(
  method: AdminMethod,
  request: unknown,
  response: unknown,
  lintOptions: LintOptions,
  secrets: readonly string[],
  report: Report,
): void {
  const linted = lint(METHODS[method].response, response, lintOptions);
  report({ method, phase: 'response', diagnostics: redactStrings(linted.diagnostics, secrets) });
  const exchange = checkExchange({ kind: method, request, response });
  report({ method, phase: 'exchange', diagnostics: redactStrings(exchange.diagnostics, secrets) });
}
