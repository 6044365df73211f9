/** The output formats by name. */
import { formatGithub } from './github';
import { formatJson } from './json';
import { formatSarif } from './sarif';
import { formatStylish } from './stylish';
import type { Formatter } from './types';

export type { Formatter, FormatOptions } from './types';

/** Formatters by `--format` name. */
export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
};
