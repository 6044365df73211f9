/** Remembering the answers of a pure function of a string, within a bound. */

/**
 * `f`, remembering the answers for up to `max` recent keys of at most `maxKeyLength` characters:
 * documents repeat a few dozen names, hostile ones invent millions. Two generations: when the newer
 * holds `max` answers it becomes the older and the older is dropped, so that nothing is forgotten one
 * key at a time (deleting a Map's oldest entry over and over makes every next search for the oldest
 * skip the holes left before it).
 */
export function boundedMemo<T>(f: (key: string) => T, max: number, maxKeyLength = Infinity): (key: string) => T {
  let newer = new Map<string, T>();
  let older = new Map<string, T>();
  return (key) => {
    // One lookup for what is remembered; `has` only to tell a remembered undefined from none.
    let known = newer.get(key);
    if (known !== undefined || newer.has(key)) return known!;
    known = older.get(key);
    const answer = known !== undefined || older.has(key) ? known! : f(key);
    if (key.length <= maxKeyLength) {
      if (newer.size >= max) {
        older = newer;
        newer = new Map();
      }
      newer.set(key, answer);
    }
    return answer;
  };
}
