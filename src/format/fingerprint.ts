/** Stable fingerprints of findings, shared by SARIF and GitLab Code Quality (no Node built-ins: `format` runs in browsers). */
import type { Diagnostic } from '../core/diagnostics';
import { sha256 } from '../util/sha256';

/** Lowercase hex SHA-256 of the UTF-8 text. */
export const sha256Hex = (text: string): string => {
  let hex = '';
  for (const b of sha256(text)) hex += b.toString(16).padStart(2, '0');
  return hex;
};

/**
 * A finding's identity: its file, code and JSON Pointer, not its line, so it survives edits
 * elsewhere in the file.
 */
export const findingFingerprint = (file: string, d: Pick<Diagnostic, 'code' | 'pointer'>): string =>
  sha256Hex(`${file}\u0000${d.code}\u0000${d.pointer}`);
