import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** How long a failed job waits before its next attempt: base × 2^(attempt−1), capped, with jitter. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export interface SendOptions {
  /** Idempotency: a second send with the same key for the same queue adds nothing (and answers null). */
  key?: string;
  /**
   * Jobs with the same ordering key (a lead) run one at a time, in the order they were sent. The part
   * before its first ':' is the key's group (a CRM account), by which the backlog is counted.
   */
  orderingKey?: string;
  /**
   * The job's lane: of a queue's due jobs, a higher priority is claimed first (default 0). Sending one
   * with an ordering key moves the key's older unfinished jobs up to it (the key's chain moves up with
   * it), so the key's order still holds.
   */
  priority?: number;
  /** Not before this time (the queue's clock). */
  startAfter?: Date;
  /** Retries after the first attempt; the job is dead when the last one fails. */
  retryLimit?: number;
  backoff?: Backoff;
  /**
   * A job still unfinished this long after its claim is taken to belong to a worker that died, and is
   * claimed again (restart safety): keep it above the longest a handler runs.
   */
  visibilityTimeoutMs?: number;
  /**
   * The api's database transaction to send in: the job exists if and only if the transaction commits
   * (the receiver stores an event and its job together). Same database as the queue's.
   */
  transaction?: Kysely<Database>;
}

/** One job of a batch sent together (sendMany). */
export interface OutgoingJob {
  name: string;
  data: unknown;
  options: Omit<SendOptions, 'transaction'>;
}

export const defaultSendOptions = {
  retryLimit: 7,
  backoff: { baseMs: 60_000, maxMs: 14 * 3_600_000 },
  visibilityTimeoutMs: 5 * 60_000,
} as const satisfies Required<Pick<SendOptions, 'retryLimit' | 'backoff' | 'visibilityTimeoutMs'>>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'failed';

/** A job as a worker holds it. */
export interface ClaimedJob<T = unknown> {
  id: string;
  name: string;
  data: T;
  /** 1 on the first attempt. */
  attempt: number;
  retryLimit: number;
  backoff: Backoff;
  orderingKey: string | null;
}

/** A job as the queue keeps it (for tests, logs and replay). */
export interface JobInfo<T = unknown> {
  id: string;
  name: string;
  data: T;
  state: JobState;
  /** Attempts started so far. */
  attempts: number;
  retryLimit: number;
  orderingKey: string | null;
  /** When it may run next (created, retry) or when it ran last. */
  runAfter: Date;
  lastError: string | null;
}

export interface JobContext<T> extends ClaimedJob<T> {
  /** Aborted when the queue stops and gives the job back: the handler should stop what it is doing. */
  signal: AbortSignal;
}

/**
 * The handler's outcome: returning completes the job; throwing fails this attempt. A thrown error with
 * `retryAfterMs` (RetryLaterError, or a provider's rate-limit error) sets the earliest next attempt; a
 * PermanentJobError kills the job at once.
 */
export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

export interface WorkOptions {
  /** Jobs of this queue run at the same time in this process. */
  concurrency?: number;
  /** Real milliseconds between looks at an empty queue. */
  pollIntervalMs?: number;
}

/**
 * The storage side of a queue, one per database engine (SQLite file, pg-boss on PostgreSQL). Every
 * time it reads comes from the clock it was built with.
 */
export interface QueueEngine {
  start(): Promise<void>;
  send(name: string, data: unknown, options: SendOptions): Promise<string | null>;
  /** Sends jobs in one statement (in `transaction` when given), in their order; a key already sent adds nothing. */
  sendMany(jobs: readonly OutgoingJob[], transaction?: Kysely<Database>): Promise<void>;
  /** Takes the next due job of `name`, if any: never a job whose ordering key has an older unfinished job. */
  claim(name: string): Promise<ClaimedJob | null>;
  complete(job: ClaimedJob): Promise<void>;
  /** Ends this attempt: back to the queue at `retryAt`, or dead when `retryAt` is null. */
  fail(job: ClaimedJob, error: string, retryAt: Date | null): Promise<void>;
  /** Gives an unfinished job back without counting the attempt (a worker that stops; a rate limit: not before `runAt`). */
  release(job: ClaimedJob, runAt?: Date): Promise<void>;
  getJob(name: string, id: string): Promise<JobInfo | null>;
  /** The unfinished jobs of `name` with an ordering key, counted per key group (see SendOptions.orderingKey). */
  waitingByGroup(name: string): Promise<Map<string, number>>;
  /**
   * The place (1: the next or in hand) of each unfinished job of `name` sent with one of these
   * idempotency keys, among the unfinished jobs of its key group in the order the claim takes them.
   */
  placesInLine(name: string, keys: readonly string[]): Promise<Map<string, number>>;
  stop(): Promise<void>;
}

/** The one queue the api's jobs use, whatever engine is under it. */
export interface JobQueue {
  send<T>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Sends jobs together, in their order (jobs of one ordering key run in this order); see QueueEngine.sendMany. */
  sendMany(jobs: readonly OutgoingJob[], transaction?: Kysely<Database>): Promise<void>;
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /** Tells one idle worker of `name` in this process to look now (a job was just committed) instead of at its next poll. */
  wake(name: string): void;
  /** Claims and runs at most one due job of `name` in this call; true when one ran. */
  runNext<T>(name: string, handler: JobHandler<T>): Promise<boolean>;
  getJob<T>(name: string, id: string): Promise<JobInfo<T> | null>;
  waitingByGroup: QueueEngine['waitingByGroup'];
  placesInLine: QueueEngine['placesInLine'];
  /** Stops claiming; waits for the jobs in hand up to `graceMs`, then gives the rest back to the queue. */
  stop(options?: { graceMs?: number }): Promise<void>;
}

/** What hands jobs over to the queue in a transaction of the api's database (the receiver's intake store): a queue, or an engine of one. */
export type JobSender = Pick<QueueEngine, 'sendMany'>;
