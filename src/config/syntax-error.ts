/**
 * What is wrong with a config or ignore file that does not parse, said without quoting it: the
 * file may be anything (a shadow-link document with a password passed by mistake), and parsers'
 * own messages quote the text around the error (V8's JSON.parse does from Node 21 on).
 */
import type { Range } from '../core/diagnostics';
import { redactStrings } from '../secrets/redact';
import { parseSource, type ParsedSource } from '../source/index';
import { parentPointer } from '../util/pointer';
import { secretSpans, secretStrings } from '../source/secret-spans';

/** The first syntax error of `text` by the linter's own reader, secrets masked; its message without the final stop. */
function firstSyntaxError(text: string, format: 'json' | 'yaml'): { range?: Range; message: string } | undefined {
  const found = parseSource(text, format).diagnostics.find(
    (d) => d.severity === 'error' && (d.code === 'parse/json-syntax' || d.code === 'parse/yaml-syntax'),
  );
  if (!found) return undefined;
  const [shown] = redactStrings([found], secretStrings(text, secretSpans(text, format)));
  return { ...(shown!.range ? { range: shown!.range } : {}), message: shown!.message.replace(/\.$/, '') };
}

/**
 * "file:line:column: <what> is not valid JSON|YAML: reason; fix …" for a config or ignore file
 * that does not parse (`what`: "the config file"), without quoting it: the reason comes from the
 * linter's own reader (a generic one when it finds nothing, as for an alias to no anchor).
 */
export function syntaxProblem(path: string, text: string, format: 'json' | 'yaml', what = 'the config file'): string {
  const found = firstSyntaxError(text, format);
  const name = format === 'json' ? 'JSON' : 'YAML';
  const at = found?.range ? `${path}:${found.range.start.line}:${found.range.start.column}` : path;
  const reason = found?.message ?? "the reader's message is not shown, as it may quote the file";
  return `${at}: ${what} is not valid ${name}: ${reason}. Fix the ${name} syntax there.`;
}

/**
 * Says where a problem of a config or ignore file is: `file:line:column` of the node at a JSON
 * pointer (its key when `onKey`), or of the nearest node written (a missing key's problem is said
 * at its parent); the file's name alone when the text is not at hand.
 */
export type Locate = (pointer: string, onKey?: boolean) => string;

/** A `Locate` over the parsed text of the file `where`. */
export function locator(where: string, source: ParsedSource | (() => ParsedSource) | undefined): Locate {
  if (!source) return () => where;
  // A config that is fine never needs positions: its text is read for them only on a problem.
  let parsed = typeof source === 'function' ? undefined : source;
  return (pointer, onKey = false) => {
    parsed ??= (source as () => ParsedSource)();
    for (let p = pointer; ; p = parentPointer(p)) {
      const span = parsed.span(p);
      if (span) {
        const [start, end] = (onKey && p === pointer && span.key) || span.value;
        const { line, column } = parsed.range(start, end).start;
        return `${where}:${line}:${column}`;
      }
      if (p === '') return where;
    }
  };
}
