export const systemClock = { now: () => new Date() };
/** Milliseconds since the epoch on `clock`. */
export const nowMs = (clock) => clock.now().getTime();
//# sourceMappingURL=clock.js.map