/**
 * Reports as pieces: a report with a million findings is longer than the longest string a
 * JavaScript engine holds (about 512 MiB in V8), so formatters return pieces and the command
 * writes them one batch at a time.
 */
import { WRITE_BATCH } from '../util/batches';

/** About this many characters are stringified at once; a value estimated longer is written part by part. */
const BATCH = WRITE_BATCH;

const indentOf = (depth: number) => ' '.repeat(2 * depth);

/**
 * `JSON.stringify(items, null, 2)` as it appears at `depth`, between its brackets: the items with
 * their separators. Stringified inside `depth` one-element arrays, the items get their final
 * indentation; the wrappers' `(depth + 1)(depth + 2)` characters on each side are cut off.
 */
function itemsText(items: readonly unknown[], depth: number): string {
  let wrapped: unknown = items;
  for (let i = 0; i < depth; i++) wrapped = [wrapped];
  const text = JSON.stringify(wrapped, null, 2);
  const cut = (depth + 1) * (depth + 2);
  return text.slice(cut, text.length - cut);
}

/**
 * The length of the text of `v`, estimated (string lengths, 16 for any other value or key), by a
 * walk that stops once past `limit`: a value costs at most `limit / 16` steps.
 */
function estimate(v: unknown, limit: number): number {
  let size = 0;
  const stack = [v];
  while (stack.length > 0 && size <= limit) {
    const x = stack.pop();
    size += typeof x === 'string' ? x.length + 2 : 16;
    if (x === null || typeof x !== 'object') continue;
    if (Array.isArray(x)) for (const item of x) stack.push(item);
    else
      for (const key of Object.keys(x)) {
        size += key.length + 16;
        stack.push((x as Record<string, unknown>)[key]);
      }
  }
  return size;
}

/**
 * `JSON.stringify(value, null, 2) + '\n'` as pieces whose concatenation is exactly that text, each
 * about `batch` characters. Array items are stringified natively a batch at a time (about as fast
 * as one call); an item estimated longer than a batch is written part by part.
 */
export function prettyJsonPieces(value: unknown, batch = BATCH): string[] {
  const out: string[] = [];
  let pending = '';
  const put = (text: string) => {
    pending += text;
    if (pending.length >= batch) {
      out.push(pending);
      pending = '';
    }
  };

  /** Writes `v` at `depth`; false when JSON has no text for it (undefined, a function, a symbol). */
  const write = (v: unknown, key: string, depth: number): boolean => {
    const toJSON = v !== null && typeof v === 'object' ? (v as { toJSON?: unknown }).toJSON : undefined;
    if (typeof toJSON === 'function') v = (toJSON as (k: string) => unknown).call(v, key);
    if (v === null || typeof v !== 'object') {
      const text = JSON.stringify(v) as string | undefined;
      if (text === undefined) return false;
      put(text);
      return true;
    }
    if (Array.isArray(v)) writeArray(v, depth);
    else writeObject(v as Record<string, unknown>, depth);
    return true;
  };

  const writeObject = (o: Record<string, unknown>, depth: number) => {
    let first = true;
    for (const key of Object.keys(o)) {
      const v = o[key];
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      put(`${first ? '{' : ','}\n${indentOf(depth + 1)}${JSON.stringify(key)}: `);
      first = false;
      write(v, key, depth + 1);
    }
    put(first ? '{}' : `\n${indentOf(depth)}}`);
  };

  const writeArray = (a: readonly unknown[], depth: number) => {
    if (a.length === 0) {
      put('[]');
      return;
    }
    put('[\n');
    let first = true;
    const separate = () => {
      if (!first) put(',\n');
      first = false;
    };
    /** One item, part by part. */
    const writeItem = (i: number) => {
      separate();
      put(indentOf(depth + 1));
      if (!write(a[i], String(i), depth + 1)) put('null');
    };
    /** Items [from, to) in one native call; should their text be too long for a string, one by one. */
    const writeBatch = (from: number, to: number) => {
      if (from >= to) return;
      let text: string;
      try {
        text = itemsText(a.slice(from, to), depth);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        for (let i = from; i < to; i++) writeItem(i);
        return;
      }
      separate();
      put(text);
    };
    let i = 0;
    while (i < a.length) {
      let end = i;
      let size = 0;
      let large = false;
      while (end < a.length) {
        const e = estimate(a[end], batch);
        large = e > batch;
        if (large || (end > i && size + e > batch)) break;
        size += e;
        end++;
      }
      writeBatch(i, end);
      if (large) writeItem(end++);
      i = end;
    }
    put(`\n${indentOf(depth)}]`);
  };

  write(value, '', 0);
  out.push(`${pending}\n`);
  return out;
}
