/**
 * The time a lint judges against. Unless the caller gives one, it is read from the system clock
 * only when a rule asks: reading it (`new Date()`, ~50 ns) was a visible part of a whole lint.
 */

/** When this module was loaded: any lint's own "now" is at or after it (the clock is not set back under a running process). */
const LOADED_AT = Date.now();

/** Verdicts that a later time could change, over every lint of this process (see `timeDependentVerdicts`). */
let timeDependent = 0;

/**
 * How many verdicts so far could change with time: each read of a lint's `now` by a rule, and each
 * `isPast` that answered no (a past instant stays past). A cache compares it before and after a
 * lint: a result it changed holds a finding, or an absence of one, that may not hold tomorrow.
 */
export const timeDependentVerdicts = (): number => timeDependent;

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
    timeDependent++;
    return this.time();
  }
  /** Whether `millis` (since the epoch) is at or before the lint's time; before this process started needs no clock. */
  isPast(millis: number): boolean {
    if ((this.given === undefined && millis <= LOADED_AT) || millis <= this.time().getTime()) return true;
    timeDependent++;
    return false;
  }
  private time(): Date {
    return this.given ?? (this.taken ??= new Date());
  }
}
