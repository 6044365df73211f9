/** Terminal colours and the escaping of text sent to a terminal. */
import type { Severity } from '../core/diagnostics';

/** The escape sequences the human formats use. */
export const ANSI = {
  red: '\u001b[31m',
  yellow: '\u001b[33m',
  blue: '\u001b[34m',
  dim: '\u001b[2m',
  bold: '\u001b[1m',
  underline: '\u001b[4m',
  reset: '\u001b[0m',
};

/** The colour of each severity. */
export const SEVERITY_COLOUR: Record<Severity, string> = { error: ANSI.red, warning: ANSI.yellow, info: ANSI.blue };

/** `text` wrapped in `code` … reset when colour is on; unchanged otherwise. */
export const paint = (color: boolean, code: string, text: string): string =>
  color ? `${code}${text}${ANSI.reset}` : text;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Control characters (escape sequences included) from file names or messages are shown as `\xNN`, never sent to the terminal. */
export const printable = (text: string): string =>
  text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
