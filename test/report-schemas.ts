/* eslint-disable @typescript-eslint/no-explicit-any -- reports are walked loosely here; the schemas type them. */
/** Checks reports against the published schemas in test/fixtures/reference (see its README for sources). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { validateXML } from 'xmllint-wasm';
import { ROOT } from './cli-helpers';

const REFERENCE = join(ROOT, 'test', 'fixtures', 'reference');

const junitXsd = readFileSync(join(REFERENCE, 'junit-10.xsd'), 'utf8');

/** libxml2's complaints about a JUnit report (well-formedness and Jenkins' junit-10.xsd); empty when valid. */
export async function junitProblems(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'junit-10.xsd', contents: junitXsd }],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

const validateEntry = new Ajv({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync(join(REFERENCE, 'gitlab-codeclimate.schema.json'), 'utf8')) as object,
);

/** The requirements GitLab's Code Quality documentation lists beyond its parser's schema. */
const SEVERITIES = ['info', 'minor', 'major', 'critical', 'blocker'];

/**
 * Problems with a GitLab Code Quality report: not a JSON array (GitLab's parser iterates the
 * root), an entry that fails GitLab's parser schema, or one missing what the docs require.
 */
export function gitlabProblems(text: string): string[] {
  if (text.startsWith('\uFEFF')) return ['starts with a byte order mark, which GitLab rejects'];
  const report = JSON.parse(text) as unknown;
  if (!Array.isArray(report)) return ['the report is not a JSON array'];
  const problems: string[] = [];
  report.forEach((entry: Record<string, any>, i) => {
    if (!validateEntry(entry)) problems.push(`[${i}] ${JSON.stringify(validateEntry.errors)}`);
    if (typeof entry['check_name'] !== 'string' || entry['check_name'] === '') problems.push(`[${i}] check_name`);
    if (!SEVERITIES.includes(entry['severity'])) problems.push(`[${i}] severity ${entry['severity']}`);
    const path = entry['location']?.path;
    if (typeof path !== 'string' || path === '' || path.startsWith('/') || path.includes('\\'))
      problems.push(`[${i}] location.path ${path} is not a relative path`);
    const begin = entry['location']?.lines?.begin ?? entry['location']?.positions?.begin?.line;
    if (!Number.isInteger(begin) || begin < 1) problems.push(`[${i}] location.lines.begin ${begin}`);
  });
  return problems;
}
