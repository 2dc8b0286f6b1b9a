/** Milliseconds since the epoch. Tests pass their own to move time (token expiry, rate-limit windows). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
