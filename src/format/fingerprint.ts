/**
 * Stable fingerprints of findings, shared by SARIF and GitLab Code Quality.
 *
 * This is the formatters' only Node import: when the library gets a pure SHA-256 (for browsers),
 * `sha256Hex` switches to it and `format` no longer needs `node:crypto`.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../lint/diagnostics';

/** Lowercase hex SHA-256 of the UTF-8 text. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A finding's identity: its file, code and JSON Pointer, not its line, so it survives edits
 * elsewhere in the file.
 */
export const findingFingerprint = (file: string, d: Pick<Diagnostic, 'code' | 'pointer'>): string =>
  sha256Hex(`${file}\u0000${d.code}\u0000${d.pointer}`);
