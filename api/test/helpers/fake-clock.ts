import type { Clock } from '../../src/clock.js';

/** A clock that stands still until a test moves it. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
}

export function fakeClock(start = new Date()): FakeClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
    },
  };
}
