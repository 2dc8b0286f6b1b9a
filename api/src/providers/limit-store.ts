import { CompiledQuery, type Kysely } from 'kysely';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { isPostgres } from '../db/columns.js';
import type { Database } from '../db/schema.js';
import type { Deps, Logger } from '../deps.js';
import { batchedCounts, warnOncePerOutage } from './batched-counts.js';

/** A counter of `points` per key and window of `seconds`. */
export interface LimitShape {
  name: string;
  points: number;
  seconds: number;
}

/** What the api asks of a limiter: count points for a key (it throws a RateLimiterRes when over). */
export type PointsLimiter = Pick<RateLimiterAbstract, 'consume'>;

export type MakeLimiter = (shape: LimitShape) => PointsLimiter;

/** Counters written at once, or (the receiver's) batched, a failed write warned of on `log`. */
type BatchOption = { batched?: false } | { batched: true; log: Pick<Logger, 'warn'> };

/**
 * Where the receiver's and forwarding's counters live: in this process on SQLite (one process takes the posts), in
 * the database on PostgreSQL (table intake_limits, migration 026) so every api process counts alike.
 * Keys are counted one by one, never evicted by others (rate-limiter-flexible's memory store keeps
 * each key until its window ends). `batched` (the receiver's counters, several a post): on PostgreSQL a
 * process adds up its points and writes them once a key every 100 ms (batched-counts.ts); a failed
 * write is warned of on `log`, once until the writes go through again.
 */
export function limiterStore(db: Kysely<Database>, options: BatchOption = {}): MakeLimiter {
  if (!isPostgres(db))
    return ({ name, points, seconds }) =>
      new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
  // rate-limiter-flexible's client interface, on the api's own pool through kysely
  const storeClient = {
    query: ({ text, values }: { text: string; values?: unknown[] }) =>
      db.executeQuery(CompiledQuery.raw(text, values ?? [])),
  };
  const writes = options.batched ? warnOncePerOutage(options.log) : null;
  return (shape) => {
    const shared = new RateLimiterPostgres({
      storeClient,
      storeType: 'client',
      tableName: 'intake_limits',
      tableCreated: true,
      keyPrefix: shape.name,
      points: shape.points,
      duration: shape.seconds,
    });
    return writes === null ? shared : batchedCounts(shared, shape, writes);
  };
}

/**
 * The process's one limiter of a shape (made on first use, kept in deps.state): jobs count together,
 * and with the receiver (forwarded bytes count on the receiver's quotas: on SQLite the very counters it
 * holds in memory). `batched` (the receiver's) is a limiter of its own on PostgreSQL only, where its
 * points still reach the same rows.
 */
export function processLimiter(
  deps: Pick<Deps, 'db' | 'state'>,
  shape: LimitShape,
  options: BatchOption = {},
): PointsLimiter {
  const ownBatch = options.batched === true && isPostgres(deps.db);
  const key = `${ownBatch ? 'batched:' : ''}${shape.name}:${shape.points}:${shape.seconds}`;
  let limiter = deps.state.limiters.get(key);
  if (limiter === undefined) {
    limiter = limiterStore(deps.db, ownBatch ? options : {})(shape);
    deps.state.limiters.set(key, limiter);
  }
  return limiter;
}
