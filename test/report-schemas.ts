/** Checks reports against the report formats in test/fixtures/reference (see its README for their sources). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { validateXML } from 'xmllint-wasm';
import { ROOT } from './cli-helpers';

const REFERENCE = join(ROOT, 'test', 'fixtures', 'reference');

const junitXsd = readFileSync(join(REFERENCE, 'junit-jenkins.xsd'), 'utf8');

/** libxml2's complaints about a JUnit report (well-formedness and the format Jenkins reads); empty when valid. */
export async function junitProblems(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'junit-jenkins.xsd', contents: junitXsd }],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

const validateReport = new Ajv({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync(join(REFERENCE, 'gitlab-code-quality.schema.json'), 'utf8')) as object,
);

/**
 * Problems with a GitLab Code Quality report: a byte order mark, text that is not JSON, or a
 * report that does not have the format (an array of entries GitLab's parser and docs accept).
 */
export function gitlabProblems(text: string): string[] {
  if (text.startsWith('\uFEFF')) return ['starts with a byte order mark, which GitLab rejects'];
  const report = JSON.parse(text) as unknown;
  if (validateReport(report)) return [];
  return (validateReport.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
