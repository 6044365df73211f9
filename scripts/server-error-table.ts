/** The README table of server messages and the rules that catch them first (from src/client/server-errors.ts). */
import { SERVER_ERROR_PATTERNS } from '../src/client/server-errors';

/** Markdown table: code, the server's message, the rules; `rulesDir` is where the rule pages are, seen from the page holding it. */
export function serverErrorTable(rulesDir = 'docs/rules/'): string {
  const rows = SERVER_ERROR_PATTERNS.map(
    (p) =>
      `| \`${p.code}\` | ${p.example.replace(/\|/g, '\\|')} | ${p.rules
        .map((r) => (r.startsWith('schema/') ? `\`${r}\`` : `[\`${r}\`](${rulesDir}${r}.md)`))
        .join(', ')} |`,
  );
  return ['| code | the server says | caught before sending by |', '|---|---|---|', ...rows].join('\n');
}
