/** A clock tests move by hand: pass `clock.now` to buildApp (and to a memory rate-limit store). */
export interface TestClock {
  now: () => Date;
  /** Milliseconds, for `createMemoryStore`. */
  millis: () => number;
  advance(ms: number): void;
}

export function createClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    millis: () => current,
    advance(ms) {
      current += ms;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
