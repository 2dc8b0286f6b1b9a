/** Where the api reads the time: injected, so expiries, retries, backoff and schedules are tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Milliseconds since the epoch on `clock`. */
export const nowMs = (clock: Clock): number => clock.now().getTime();
