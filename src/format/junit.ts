/**
 * JUnit XML for Jenkins, GitLab test reports and other CI test views: one test suite per file,
 * one test case per finding. Valid against Jenkins' JUnit schema (xunit-plugin junit-10.xsd).
 */
import type { Diagnostic } from '../core/diagnostics';
import type { FileResult } from '../core/diagnostics';
import type { Formatter } from './types';
import { forwardSlashes } from './paths';

/** Characters XML 1.0 cannot carry at all, and unpaired surrogates. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text content: markup escaped, characters XML cannot hold shown as `\xNN` / `\uNNNN`. */
function xmlText(text: string): string {
  return text
    .replace(NOT_XML, (c) => {
      const code = c.charCodeAt(0);
      return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    })
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** An attribute value in double quotes; line breaks and tabs kept as references (parsers would turn them into spaces). */
const xmlAttr = (text: string): string =>
  xmlText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');

/**
 * The test class of a file: its path without the extension, because Jenkins reads the text after
 * the last dot as the class name (`a/b.yaml` would show as class `yaml`).
 */
const classOf = (file: string): string => forwardSlashes(file).replace(/\.(json|ya?ml)$/i, '');

const where = (d: Diagnostic): string => (d.range ? `${d.range.start.line}:${d.range.start.column}` : '');

/** The failure text: what a person reads in the CI's test view. Only the (already redacted) message, never source text. */
function details(r: FileResult, d: Diagnostic): string {
  const at = where(d);
  const lines = [`${d.severity} at ${r.file}${at ? `:${at}` : ''}`, d.message];
  if (d.pointer) lines.push(`JSON Pointer: ${d.pointer}`);
  if (d.docsUrl) lines.push(d.docsUrl);
  return lines.join('\n');
}

/** One `<testcase>`: errors and warnings fail it; an info finding passes and is kept in its output. */
function testCase(r: FileResult, d: Diagnostic): string {
  const at = where(d);
  const open = `<testcase classname="${xmlAttr(classOf(r.file))}" name="${xmlAttr(`${d.code}${at ? ` at ${at}` : ''}`)}" time="0">`;
  if (d.severity === 'info') return `    ${open}<system-out>${xmlText(details(r, d))}</system-out></testcase>`;
  return `    ${open}<failure type="${xmlAttr(d.code)}" message="${xmlAttr(d.message)}">${xmlText(details(r, d))}</failure></testcase>`;
}

/** A JUnit XML document. A file without findings is one passing test case, so the report counts every file linted. */
export const formatJunit: Formatter = (results) => {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const r of results) {
    const cases =
      r.diagnostics.length > 0
        ? r.diagnostics.map((d) => testCase(r, d))
        : [`    <testcase classname="${xmlAttr(classOf(r.file))}" name="${xmlAttr(r.file)}" time="0"/>`];
    const failed = r.diagnostics.filter((d) => d.severity !== 'info').length;
    tests += cases.length;
    failures += failed;
    suites.push(
      `  <testsuite name="${xmlAttr(r.file)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="0" time="0">`,
    );
    // One push per case: spreading a million cases as arguments overflows the stack.
    for (const c of cases) suites.push(c);
    suites.push('  </testsuite>');
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<testsuites name="svc-admin-spec" tests="${tests}" failures="${failures}" errors="0" time="0">\n`,
    ...suites.map((line) => `${line}\n`),
    '</testsuites>\n',
  ];
};
