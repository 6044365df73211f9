/** Remembering the answers of a pure function of a string, within a bound. */

/**
 * `f`, remembering up to `max` answers (oldest forgotten first) for keys of at most `maxKeyLength`
 * characters: documents repeat a few dozen names, hostile ones invent millions.
 */
export function boundedMemo<T>(f: (key: string) => T, max: number, maxKeyLength = Infinity): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    // One lookup for what is remembered; `has` only to tell a remembered undefined from none.
    const known = answers.get(key);
    if (known !== undefined || answers.has(key)) return known!;
    const answer = f(key);
    if (key.length <= maxKeyLength) {
      // A Map keeps its insertion order: the first key is the oldest.
      if (answers.size >= max) answers.delete(answers.keys().next().value!);
      answers.set(key, answer);
    }
    return answer;
  };
}
