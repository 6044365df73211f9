/** SARIF 2.1.0 for code scanning: rules with descriptions and docs, utf16 columns, stable fingerprints. */
import type { Severity } from '../core/diagnostics';
import { catalogWith, codeDocsUrl } from '../engine/catalog';
import type { Formatter } from './types';
import { describeCode } from '../codes/describe';
import { findingFingerprint } from './fingerprint';
import { prettyJsonPieces } from './pieces';
import { directoryUrl, forwardSlashes } from './paths';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/** Encodes a relative path as a URI reference (forward slashes, percent-encoded segments). */
const uriOf = (file: string) => forwardSlashes(file).split('/').map(encodeURIComponent).join('/');

/** A SARIF log with one run. */
export const formatSarif: Formatter = (results, options) => {
  const catalog = catalogWith(options.customRules ?? [], 'format options', options.docsBaseUrl);
  const codes = new Set<string>(catalog.all.map((r) => r.id));
  for (const r of results) for (const d of r.diagnostics) codes.add(d.code);
  const ids = [...codes].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const rules = ids.map((id) => {
    const d = describeCode(id, catalog);
    const url = codeDocsUrl(id, catalog);
    return {
      id,
      name: id.replace(/(^|[-/@])([a-z])/g, (_, _sep: string, ch: string) => ch.toUpperCase()),
      shortDescription: { text: d.short },
      fullDescription: { text: d.full },
      ...(url
        ? {
            helpUri: url,
            help: { text: `${d.short} See ${url}`, markdown: `${d.short} [Documentation](${url})` },
          }
        : { help: { text: d.short } }),
      defaultConfiguration: { level: LEVEL[d.level] },
    };
  });
  const sarifResults = results.flatMap((r) =>
    r.diagnostics.map((d) => {
      const region = d.range
        ? {
            startLine: d.range.start.line,
            startColumn: d.range.start.column,
            endLine: d.range.end.line,
            endColumn: d.range.end.column,
          }
        : { startLine: 1, startColumn: 1 };
      return {
        ruleId: d.code,
        ruleIndex: index.get(d.code)!,
        level: LEVEL[d.severity],
        message: { text: d.message },
        locations: [
          {
            physicalLocation: { artifactLocation: { uri: uriOf(r.file), uriBaseId: '%SRCROOT%' }, region },
            ...(d.pointer ? { logicalLocations: [{ fullyQualifiedName: d.pointer, kind: 'member' }] } : {}),
          },
        ],
        partialFingerprints: { 'svcAdminSpec/v1': findingFingerprint(r.file, d) },
        // report/too-many-findings: the findings it stands for, by severity, for tools that count.
        ...(d.omitted ? { properties: { omitted: d.omitted } } : {}),
      };
    }),
  );
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'svc-admin-spec',
            version: options.version,
            semanticVersion: options.version,
            informationUri: 'https://www.npmjs.com/package/svc-admin-spec',
            rules,
          },
        },
        // Without a working directory (in a browser), consumers resolve %SRCROOT% themselves.
        ...(options.cwd ? { originalUriBaseIds: { '%SRCROOT%': { uri: directoryUrl(options.cwd) } } } : {}),
        columnKind: 'utf16CodeUnits',
        results: sarifResults,
      },
    ],
  };
  return prettyJsonPieces(log);
};
