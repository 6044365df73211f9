/** Writing long text in pieces: regroups many small strings into a few writes of a bounded size. */

/** About this many characters are written at once. */
export const WRITE_BATCH = 1 << 20;

/** Pieces regrouped into strings of about `size` characters (fewer writes), in order. */
export function* batches(pieces: readonly string[], size = WRITE_BATCH): Generator<string> {
  let pending = '';
  for (const piece of pieces) {
    pending += piece;
    if (pending.length >= size) {
      yield pending;
      pending = '';
    }
  }
  if (pending) yield pending;
}
