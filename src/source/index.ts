/** Turns file bytes into a parsed source: decoding, format by extension or content, positions. */
import type { Diagnostic } from '../core/diagnostics';
import { parseJson } from './json';
import type { ParsedSource } from './types';
import { parseYaml } from './yaml';

export type { ParsedSource, NodeSpan } from './types';

/** The format a file name implies: `.json` → json, `.yaml`/`.yml` → yaml, otherwise by content. */
export function formatOf(name: string, text: string): 'json' | 'yaml' {
  if (/\.json$/i.test(name)) return 'json';
  if (/\.ya?ml$/i.test(name)) return 'yaml';
  return /^\s*[[{]/.test(text.replace(/^\uFEFF/, '')) ? 'json' : 'yaml';
}

/** Decodes bytes as UTF-8 text, or says why they are not text. */
export function decode(bytes: Uint8Array): { text: string } | { diagnostic: Diagnostic } {
  // The whole file, not a head: a NUL byte anywhere makes it binary (and would reach the parsers).
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    return {
      diagnostic: {
        code: 'input/binary',
        severity: 'error',
        pointer: '',
        message: `The file is binary (it contains a NUL byte, the first at byte ${nul + 1}), not JSON or YAML.`,
      },
    };
  }
  try {
    // ignoreBOM keeps a byte order mark in the text, so that lintText can report it.
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return {
      diagnostic: {
        code: 'input/binary',
        severity: 'error',
        pointer: '',
        message: 'The file is not valid UTF-8 text; save it as UTF-8.',
      },
    };
  }
}

/** Parses text as JSON or YAML. */
export function parseSource(text: string, format: 'json' | 'yaml'): ParsedSource {
  return format === 'json' ? parseJson(text) : parseYaml(text);
}
