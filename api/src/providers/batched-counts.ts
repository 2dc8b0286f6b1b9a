import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../deps.js';
import type { LimitShape, PointsLimiter } from './limit-store.js';

/** How long a process adds up a key's points before it writes them to the shared counter. */
export const WRITE_EVERY_MS = 100;
/** Consumes between two sweeps of the keys whose window is over. */
const SWEEP_EVERY = 1_000;

/** What a batched counter tells of its writes to the shared counter. */
export interface WriteReport {
  failed(error: unknown): void;
  written(): void;
}

/**
 * One warning line when the shared counter's writes start failing, none for the retries of the same
 * outage: the next line only after a write went through. The line names the error, never a key.
 */
export function warnOncePerOutage(log: Pick<Logger, 'warn'>): WriteReport {
  let failing = false;
  return {
    failed(error) {
      if (failing) return;
      failing = true;
      log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        "The receiver's counters could not be written to the database: their points are kept and written with the next write",
      );
    },
    written() {
      failing = false;
    },
  };
}

const silent: WriteReport = { failed: () => undefined, written: () => undefined };

interface KeyCount {
  /** The key's points in its window as the shared counter last answered (our written points included). */
  shared: number;
  /** Points on their way to the shared counter. */
  writing: number;
  /** Points counted here, not written yet. */
  pending: number;
  /** When the shared window ends (ms since the epoch). */
  resetsAt: number;
  timer: NodeJS.Timeout | null;
}

/**
 * A shared counter in front of which one process adds up its points: each consume is decided at once
 * against the shared count last read plus this process's own, and the points go to `shared` in one
 * write per key every WRITE_EVERY_MS, which answers the count of every process. One write a key and
 * tenth of a second instead of one per post: on PostgreSQL a post's nine counters were nine updates of
 * the same rows, which serialised the receiver. The price is a margin: several processes together may
 * go over a limit by what they take in one interval. Within one process the count is exact.
 */
export function batchedCounts(
  shared: PointsLimiter,
  { points: limit, seconds }: LimitShape,
  report: WriteReport = silent,
): PointsLimiter {
  const counts = new Map<string, KeyCount>();
  let consumesSinceSweep = 0;

  const sweep = (now: number) => {
    for (const [key, count] of counts)
      if (count.resetsAt <= now && count.pending === 0 && count.writing === 0) counts.delete(key);
  };

  const write = async (key: string, count: KeyCount) => {
    count.timer = null;
    count.writing = count.pending;
    count.pending = 0;
    try {
      const answer = await shared.consume(key, count.writing);
      count.shared = answer.consumedPoints;
      count.resetsAt = Date.now() + answer.msBeforeNext;
      report.written();
    } catch (refused) {
      if (refused instanceof RateLimiterRes) {
        count.shared = refused.consumedPoints;
        count.resetsAt = Date.now() + refused.msBeforeNext;
        report.written();
      } else {
        // counted again with the next write
        count.pending += count.writing;
        report.failed(refused);
      }
    } finally {
      count.writing = 0;
    }
    if (count.pending > 0 && count.timer === null) schedule(key, count);
  };
  const schedule = (key: string, count: KeyCount) => {
    count.timer = setTimeout(() => void write(key, count), WRITE_EVERY_MS);
    count.timer.unref();
  };

  return {
    async consume(rawKey, points = 1) {
      const key = String(rawKey);
      const now = Date.now();
      consumesSinceSweep += 1;
      if (consumesSinceSweep >= SWEEP_EVERY) {
        consumesSinceSweep = 0;
        sweep(now);
      }
      let count = counts.get(key);
      if (count === undefined) {
        count = { shared: 0, writing: 0, pending: 0, resetsAt: now + seconds * 1000, timer: null };
        counts.set(key, count);
      } else if (count.resetsAt <= now && count.writing === 0) {
        // the window is over: a new one, as the shared counter starts it
        count.shared = 0;
        count.resetsAt = now + seconds * 1000;
      }
      // refused points count too, as the shared counter counts them
      count.pending += points;
      if (count.timer === null && count.writing === 0) schedule(key, count);
      const consumed = count.shared + count.writing + count.pending;
      const answer = new RateLimiterRes(
        Math.max(0, limit - consumed),
        Math.max(0, count.resetsAt - now),
        consumed,
        consumed === points,
      );
      if (consumed > limit) throw answer;
      return answer;
    },
  };
}
