/**
 * What is wrong with a config or ignore file that does not parse, said without quoting it: the
 * file may be anything (a shadow-link document with a password passed by mistake), and parsers'
 * own messages quote the text around the error (V8's JSON.parse does from Node 21 on).
 */
import { redactStrings } from '../secrets/redact';
import { parseSource } from '../source/index';
import { secretSpans, secretStrings } from '../source/secret-spans';

/**
 * "line L, column C: reason" for the first syntax error of `text`, from the linter's own reader
 * (messages that name the construct, not the text), with any secret the text holds masked; a
 * generic reason when that reader finds nothing (the two disagree only on YAML's corner cases, such
 * as an alias to no anchor, whose message would quote the alias).
 */
export function describeSyntaxError(text: string, format: 'json' | 'yaml'): string {
  const found = parseSource(text, format).diagnostics.find(
    (d) => d.severity === 'error' && (d.code === 'parse/json-syntax' || d.code === 'parse/yaml-syntax'),
  );
  if (!found) return "the reader's message is not shown, as it may quote the file";
  const [shown] = redactStrings([found], secretStrings(text, secretSpans(text, format)));
  const at = shown!.range ? `line ${shown!.range.start.line}, column ${shown!.range.start.column}: ` : '';
  return `${at}${shown!.message.replace(/\.$/, '')}`;
}
