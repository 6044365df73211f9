/** The decoding stage: an answer is linted as its method's response kind and compared with the request. */
import type { TSchema } from '@sinclair/typebox';
import { checkExchange } from '../conformance/check';
import { lint, type LintOptions } from '../lint/lint';
import { kindOf } from '../model/kinds';
import { METHODS } from '../model/methods';
import { describeType } from '../secrets/classify';
import { redactOutside } from '../secrets/redact';
import { isObject } from '../util/pointer';
import { badAnswerError, type AdminMethod } from './errors';
import type { Report } from './report';

/** Lints an answer and compares it with the request; findings go to `report`, never thrown, secrets masked as text from outside. */
export function checkAnswer(
  method: AdminMethod,
  request: unknown,
  response: unknown,
  lintOptions: LintOptions,
  secrets: readonly string[],
  report: Report,
): void {
  const linted = lint(METHODS[method].response, response, lintOptions);
  report({ method, phase: 'response', diagnostics: redactOutside(linted.diagnostics, secrets) });
  const { docsBaseUrl } = lintOptions;
  const exchange = checkExchange({ kind: method, request, response }, docsBaseUrl === undefined ? {} : { docsBaseUrl });
  report({ method, phase: 'exchange', diagnostics: redactOutside(exchange.diagnostics, secrets) });
}

/**
 * Throws a `bad-answer` `AdminApiError` when the answer lacks what its type promises: a required
 * top-level field of the response kind's schema (`shadowLink`, `broker`) that is not there as an
 * object. Any other shortcoming is a finding of `checkAnswer`; this one would leave the caller
 * with nothing to read.
 */
export function requireResult(method: AdminMethod, response: Record<string, unknown>): void {
  const schema = kindOf(METHODS[method].response).schema as TSchema & {
    required?: string[];
    properties: Record<string, TSchema>;
  };
  for (const key of schema.required ?? []) {
    if (schema.properties[key]?.['type'] !== 'object' || isObject(response[key])) continue;
    const got = Object.hasOwn(response, key) ? describeType(response[key], `/${key}`) : 'nothing';
    throw badAnswerError(method, { lacking: `"${key}", an object (it has ${got} there)` });
  }
}
