/**
 * `${NAME}` placeholders in secret fields (the form the linter recommends for files) are filled
 * from an environment at send time. The linted document keeps its placeholders; only the copy
 * that is sent carries the values, and no error ever shows one.
 */
import { isSecretPointer } from '../secrets/classify';
import { childPointer, isObject } from '../util/pointer';

const ENV_RE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}$/;
const TEMPLATE_RE = /^\{\{[^{}]{1,200}\}\}$/;

/** Where the values of placeholders come from. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A placeholder that cannot be filled: nothing was sent. Names the variable and the field, never a value. */
export class PlaceholderError extends Error {
  override readonly name = 'PlaceholderError';
  constructor(
    /** The environment variable (or the template text for `{{ … }}`). */
    readonly variable: string,
    /** JSON Pointer of the field holding the placeholder. */
    readonly pointer: string,
    message: string,
  ) {
    super(message);
  }
}

/** The values a fill put into the document, to mask them wherever they could be echoed. */
export interface Filled {
  value: unknown;
  /** Every value taken from the environment. */
  secrets: string[];
}

/** How `fillPlaceholders` runs. */
export interface FillOptions {
  /**
   * A dry run: every placeholder stays as written, and each one a real fill would refuse is added
   * here instead of thrown (the CLI's `apply --dry-run` names them).
   */
  unfilled?: PlaceholderError[];
}

/**
 * Returns a copy of `doc` with each `${NAME}` (or `${NAME:-default}`) placeholder at a secret
 * position replaced by the variable's value. A missing or empty variable with no default, or a
 * `{{ template }}` expression, throws `PlaceholderError` before anything is sent (see
 * `FillOptions.unfilled` for a dry run).
 */
export function fillPlaceholders(doc: unknown, env: Env, options: FillOptions = {}): Filled {
  const secrets: string[] = [];
  const dry = options.unfilled;
  const refuse = (v: string, problem: PlaceholderError): string => {
    if (!dry) throw problem;
    dry.push(problem);
    return v;
  };
  const visit = (v: unknown, pointer: string, depth: number): unknown => {
    if (depth > 512) return v;
    if (typeof v === 'string') {
      if (!isSecretPointer(pointer)) return v;
      const t = v.trim();
      const m = ENV_RE.exec(t);
      if (m) {
        const name = m[1]!;
        const fallback = m[2];
        const value = env[name];
        const chosen = value !== undefined && value !== '' ? value : fallback;
        if (chosen === undefined || chosen === '') {
          return refuse(
            v,
            new PlaceholderError(
              name,
              pointer,
              `${pointer} is the placeholder \${${name}}, but the environment variable ${name} is ${value === undefined ? 'not set' : 'empty'}; set it, or give a default with \${${name}:-…}. Nothing was sent.`,
            ),
          );
        }
        if (dry) return v;
        secrets.push(chosen);
        return chosen;
      }
      if (TEMPLATE_RE.test(t)) {
        return refuse(
          v,
          new PlaceholderError(
            t,
            pointer,
            `${pointer} is a {{ template }} expression, which this client cannot fill; render the template first, or use an \${ENV_VAR} placeholder. Nothing was sent.`,
          ),
        );
      }
      return v;
    }
    if (Array.isArray(v)) return v.map((item, i) => visit(item, childPointer(pointer, i), depth + 1));
    if (isObject(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, item] of Object.entries(v)) {
        // Defined as an own data property, so that a "__proto__" key stays a key.
        Object.defineProperty(out, k, {
          value: visit(item, childPointer(pointer, k), depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    return v;
  };
  return { value: visit(doc, '', 0), secrets };
}
