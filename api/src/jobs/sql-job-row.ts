import { defaultSendOptions, type OutgoingJob } from './job-queue.js';

/** The columns a sent job fills in the `jobs` table (the SQL queue engine's, migration 007). */
export const jobColumns = [
  'queue',
  'data',
  'state',
  'idempotency_key',
  'ordering_key',
  'priority',
  'retry_limit',
  'backoff_base_ms',
  'backoff_max_ms',
  'visibility_timeout_ms',
  'run_after_ms',
  'created_at',
  'updated_at',
] as const;

export type SqlJobRow = Record<(typeof jobColumns)[number], string | number | null>;

/** A job's row as sent at `now` (the queue's clock): here, not in the engine, because the receiver's writer thread sends jobs too. */
export function sqlJobRow({ name, data, options }: OutgoingJob, now: Date): SqlJobRow {
  const at = now.toISOString();
  const runAfter = (options.startAfter ?? now).getTime();
  return {
    queue: name,
    data: JSON.stringify(data ?? null),
    // a job of a key sent for later holds its key until then, as one waiting to retry does
    state: options.orderingKey != null && runAfter > now.getTime() ? 'retry' : 'created',
    idempotency_key: options.key ?? null,
    ordering_key: options.orderingKey ?? null,
    priority: options.priority ?? 0,
    retry_limit: options.retryLimit ?? defaultSendOptions.retryLimit,
    backoff_base_ms: options.backoff?.baseMs ?? defaultSendOptions.backoff.baseMs,
    backoff_max_ms: options.backoff?.maxMs ?? defaultSendOptions.backoff.maxMs,
    visibility_timeout_ms: options.visibilityTimeoutMs ?? defaultSendOptions.visibilityTimeoutMs,
    run_after_ms: runAfter,
    created_at: at,
    updated_at: at,
  };
}
