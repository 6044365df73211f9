/** The linter's findings as LSP diagnostics. */
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../core/diagnostics';
import { toLspRange } from './positions';

const SEVERITY: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** The name editors show beside each finding. */
export const SOURCE = 'svc-admin-spec';

/** One finding as an LSP diagnostic: code, docs link, severity, 0-based UTF-16 range, related places. */
export function toLspDiagnostic(d: Diagnostic, uri: string): LspDiagnostic {
  const range = toLspRange(d.range);
  const out: LspDiagnostic = {
    range,
    severity: SEVERITY[d.severity],
    code: d.code,
    source: SOURCE,
    message: d.message,
  };
  if (d.docsUrl) out.codeDescription = { href: d.docsUrl };
  if (d.related && d.related.length > 0) {
    out.relatedInformation = d.related.map((r) => ({
      location: { uri, range: r.range ? toLspRange(r.range) : range },
      message: r.message,
    }));
  }
  return out;
}
