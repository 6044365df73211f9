/**
 * The time a lint judges against. Unless the caller gives one, it is read from the system clock
 * only when a rule asks: reading it (`new Date()`, ~50 ns) was a visible part of a whole lint.
 */

/** When this module was loaded: any lint's own "now" is at or after it (the clock is not set back under a running process). */
const LOADED_AT = Date.now();

/** A lint's "now": the given time, or the clock's, read once on first use. */
export class LintClock {
  private taken: Date | undefined = undefined;
  constructor(private given: Date | undefined) {}
  /** Starts over for another lint (a reused context). */
  reset(given: Date | undefined): void {
    this.given = given;
    this.taken = undefined;
  }
  /** The lint's time. */
  get now(): Date {
    return this.given ?? (this.taken ??= new Date());
  }
  /** Whether `millis` (since the epoch) is at or before the lint's time; before this process started needs no clock. */
  isPast(millis: number): boolean {
    return (this.given === undefined && millis <= LOADED_AT) || millis <= this.now.getTime();
  }
}
