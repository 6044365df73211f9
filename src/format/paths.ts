/** Path arithmetic for reports, without `node:path` or `node:url`, so the formatters also run in a browser. */

const DRIVE = /^[A-Za-z]:/;

/** True for `/x`, `C:\x`, `C:/x` and `\\server\share`. */
const isAbsolute = (p: string): boolean => p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p);

/** Forward slashes, no `.`/`..`/empty segments; keeps the root (`/`, `C:/`, `//` for UNC). */
function normalize(p: string): string {
  const slashed = p.replace(/\\/g, '/');
  const root = /^\/\/(?=[^/])/.test(slashed)
    ? '//'
    : DRIVE.test(slashed)
      ? `${slashed.slice(0, 2)}/`
      : slashed.startsWith('/')
        ? '/'
        : '';
  const out: string[] = [];
  for (const segment of slashed.slice(root === '' ? 0 : root.length).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return root + out.join('/');
}

// Drive letters compare without case (`c:` and `C:` are one drive).
const comparable = (p: string): string => (DRIVE.test(p) ? p[0]!.toLowerCase() + p.slice(1) : p);

/**
 * `file` (as shown in a report, relative to `cwd` or absolute) relative to `root`, with forward
 * slashes; undefined when it is not inside `root` or cannot be resolved (`<stdin>`, no `cwd`).
 */
export function pathUnder(file: string, cwd: string, root: string): string | undefined {
  if (file === '' || file.startsWith('<') || !isAbsolute(root)) return undefined;
  if (!isAbsolute(file) && !isAbsolute(cwd)) return undefined;
  const absolute = normalize(isAbsolute(file) ? file : `${cwd}/${file}`);
  const base = normalize(root);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  if (!comparable(absolute).startsWith(comparable(prefix))) return undefined;
  const rest = absolute.slice(prefix.length);
  return rest === '' ? undefined : rest;
}

/** A report path with forward slashes, as CI systems and URIs write them. */
export const forwardSlashes = (file: string): string => file.replace(/\\/g, '/');

/** The `file:` URL of a directory, ending in `/` (what `pathToFileURL(dir + '/')` gives, percent-encoded per segment). */
export function directoryUrl(dir: string): string {
  const path = normalize(dir);
  const drive = DRIVE.test(path) ? path.slice(0, 2) : '';
  const unc = path.startsWith('//');
  const segments = path
    .slice(unc ? 2 : drive.length)
    .split('/')
    .filter((s) => s !== '')
    .map(encodeURIComponent);
  const body = segments.length > 0 ? `${segments.join('/')}/` : '';
  if (unc) return `file://${body}`;
  return `file:///${drive ? `${drive}/` : ''}${body}`;
}
