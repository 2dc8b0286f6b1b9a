import type { Clock } from '../../src/clock.js';

/** A clock that only moves when told to. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
}

export function fakeClock(start = new Date()): FakeClock {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance(ms) {
      time += ms;
    },
  };
}
