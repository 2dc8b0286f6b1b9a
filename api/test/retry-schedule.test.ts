import { PermanentJobError, RetryLaterError, retryAfterMsOf } from '../src/jobs/job-errors.js';
import { nextAttemptAt } from '../src/jobs/retry-schedule.js';

const now = new Date('2026-03-02T12:00:00.000Z');
const base = {
  retryLimit: 3,
  backoff: { baseMs: 60_000, maxMs: 300_000 },
  retryAfterMs: null,
  permanent: false,
  now,
};
const delayOf = (at: Date | null) => (at === null ? null : at.getTime() - now.getTime());

describe('nextAttemptAt', () => {
  it('doubles the delay per attempt, half of it jittered, up to the cap', () => {
    expect(delayOf(nextAttemptAt({ ...base, attempt: 1, random: 0 }))).toBe(30_000);
    expect(delayOf(nextAttemptAt({ ...base, attempt: 1, random: 0.999999 }))).toBe(60_000);
    expect(delayOf(nextAttemptAt({ ...base, attempt: 2, random: 0.5 }))).toBe(90_000);
    expect(delayOf(nextAttemptAt({ ...base, attempt: 3, random: 1 - Number.EPSILON }))).toBe(
      240_000,
    );
    expect(
      delayOf(
        nextAttemptAt({
          ...base,
          attempt: 3,
          retryLimit: 9,
          backoff: { baseMs: 60_000, maxMs: 100_000 },
          random: 0,
        }),
      ),
    ).toBe(50_000);
  });

  it('waits at least the Retry-After', () => {
    expect(delayOf(nextAttemptAt({ ...base, attempt: 1, random: 0, retryAfterMs: 120_000 }))).toBe(
      120_000,
    );
    expect(delayOf(nextAttemptAt({ ...base, attempt: 1, random: 0, retryAfterMs: 1_000 }))).toBe(
      30_000,
    );
  });

  it('is dead after the last attempt or a permanent failure', () => {
    expect(nextAttemptAt({ ...base, attempt: 4, random: 0 })).toBeNull();
    expect(nextAttemptAt({ ...base, attempt: 1, random: 0, permanent: true })).toBeNull();
    expect(nextAttemptAt({ ...base, retryLimit: 0, attempt: 1, random: 0 })).toBeNull();
  });
});

describe('retryAfterMsOf', () => {
  it('reads retryAfterMs from any error that carries one', () => {
    expect(retryAfterMsOf(new RetryLaterError('slow down', 5_000))).toBe(5_000);
    expect(retryAfterMsOf(Object.assign(new Error('429'), { retryAfterMs: 2_000 }))).toBe(2_000);
    expect(retryAfterMsOf(new PermanentJobError('gone'))).toBeNull();
    expect(retryAfterMsOf({ retryAfterMs: -1 })).toBeNull();
    expect(retryAfterMsOf('text')).toBeNull();
  });
});
