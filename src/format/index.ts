/** The output formats by name. */
import { formatGithub } from './github';
import { formatJson } from './json';
import { formatSarif } from './sarif';
import { formatStylish } from './stylish';
import type { Formatter } from './types';

export type { Formatter, FormatOptions } from './types';

/** Formatters by `--format` name. */
export const FORMATTERS = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
} as const satisfies Record<string, Formatter>;

/** The name of an output format. */
export type FormatName = keyof typeof FORMATTERS;

/** The output format names, default first. */
export const FORMAT_NAMES = Object.keys(FORMATTERS) as FormatName[];
