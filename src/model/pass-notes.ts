/**
 * What a kind's acceptor notes while it judges a value, for the rules that can have nothing to say
 * without one of these: the visitors of a rule that declares `onlyWhen` are skipped in a pass that
 * noted none of its notes, and so is its check after a pass that judged the whole document by its
 * schema (verdict 0 or 4). A note is a superset of what its visitors look for — it may be set where they
 * then find nothing, never missing where they would report — and it is set for everything judged
 * before the visited object, its own subtree included (hooks run after their object's subtree).
 */
export const PASS_NOTES = {
  /** An enum value `*_UNSPECIFIED`, a value an enum refuses, or an object without one of its enum fields. */
  'enum-unspecified': 1,
  /** An enum alias the server does not know (facts/enum-spelling's ENUM_ALIASES), or a value an enum refuses (another enum's alias). */
  'enum-alias': 2,
  /** A duration its format accepts that starts with `-` or `0`: the only ones negative or under one second. */
  'short-duration': 4,
  /**
   * A timestamp not plainly between the epoch and the lint's time: one its format refuses, or one
   * dated before 1970-01-02 or after two days before the acceptors were loaded (no offset moves such
   * a date across either bound). Set for every lint whose `now` is given: that time may be any.
   */
  'timestamp-near-now': 8,
  /** An integer written as a JSON number beyond ±(2^53 − 1) where the schema takes an integer. */
  'unsafe-integer': 16,
} as const;

/**
 * The notes an acceptor takes only in a pass with hooks (those of strings a format accepts: a look
 * at each value, which a response's thousands of timestamps would pay for nothing): after a pass
 * without hooks, a check takes them as taken.
 */
export const NOTES_OF_HOOKED_PASSES = PASS_NOTES['timestamp-near-now'] | PASS_NOTES['short-duration'];

/** The notes a lint takes whatever the pass notes: with a given `now`, those judged against the time. */
export const notesForcedBy = (now: Date | undefined): number =>
  now === undefined ? 0 : PASS_NOTES['timestamp-near-now'];

/** The name of a pass note. */
export type PassNote = keyof typeof PASS_NOTES;

/** Every note at once: what walkers hand the hooks (they note nothing, so every visitor runs). */
export const ALL_PASS_NOTES = Object.values(PASS_NOTES).reduce((all, bit) => all | bit, 0);

/** The bits of a list of notes. */
export const passNoteBits = (notes: readonly PassNote[]): number =>
  notes.reduce((bits, note) => bits | PASS_NOTES[note], 0);
