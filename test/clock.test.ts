/** A lint's clock: the `now` option when given, else the system clock read once, on first use. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LintClock, timeDependentVerdicts } from '../src/engine/clock';

describe('LintClock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('judges against the given time, also one before the process started', () => {
    const clock = new LintClock(new Date('2000-01-01T00:00:00Z'));
    expect(clock.isPast(Date.parse('1999-12-31T23:59:59Z'))).toBe(true);
    expect(clock.isPast(Date.parse('2000-01-01T00:00:00Z'))).toBe(true);
    expect(clock.isPast(Date.parse('2000-01-01T00:00:01Z'))).toBe(false);
    expect(clock.now.toISOString()).toBe('2000-01-01T00:00:00.000Z');
  });

  it('reads the system clock only when asked, once, and answers for earlier instants without it', () => {
    vi.useFakeTimers({ now: new Date('2030-06-01T00:00:00Z') });
    const clock = new LintClock(undefined);
    // An instant before this process started is past without a look at the clock...
    expect(clock.isPast(Date.parse('2020-01-01T00:00:00Z'))).toBe(true);
    // ...so the clock is first read here, at the time set now.
    vi.setSystemTime(new Date('2030-07-01T00:00:00Z'));
    expect(clock.isPast(Date.parse('2030-06-15T00:00:00Z'))).toBe(true);
    expect(clock.isPast(Date.parse('2030-07-02T00:00:00Z'))).toBe(false);
    const first = clock.now;
    expect(first.toISOString()).toBe('2030-07-01T00:00:00.000Z');
    vi.setSystemTime(new Date('2031-01-01T00:00:00Z'));
    expect(clock.now).toBe(first);
    clock.reset(undefined);
    expect(clock.now.toISOString()).toBe('2031-01-01T00:00:00.000Z');
  });

  it('counts the verdicts a later time could change: a "no" of isPast and a read of now, never a past instant', () => {
    const clock = new LintClock(new Date('2030-01-01T00:00:00Z'));
    const start = timeDependentVerdicts();
    expect(clock.isPast(Date.parse('2029-01-01T00:00:00Z'))).toBe(true);
    expect(timeDependentVerdicts()).toBe(start);
    expect(clock.isPast(Date.parse('2031-01-01T00:00:00Z'))).toBe(false);
    expect(timeDependentVerdicts()).toBe(start + 1);
    void clock.now;
    expect(timeDependentVerdicts()).toBe(start + 2);
  });
});
