import type { AppConfig } from '../config.js';
import { SEND_EVENT_JOBS } from '../jobs/job-names.js';
import type { IntakeJobOptions } from './intake.js';

/**
 * The queue options of an event's jobs. Processing retries a CRM's passing trouble (5xx, time-outs)
 * with the queue's backoff, from 30 s to an hour, 8 attempts in all. Forwarding makes the forwarding
 * schedule's attempts: the handler names each delay (RetryLaterError), the backoff here is only a floor
 * for a failure of the worker itself. Sending an intake commit's jobs (PostgreSQL) holds every later
 * commit's back (one ordering key), so it is tried again within seconds, for as long as it takes: it
 * only writes to the queue's own database, and its events are processed only once it has run. Its lease
 * is short: a worker that died with it in hand holds the receiver's work back until the lease ends, and
 * a second run adds nothing (its jobs' keys).
 */
export function intakeJobOptions(config: Pick<AppConfig, 'forwarding'>): IntakeJobOptions {
  return {
    process: { retryLimit: 7, backoff: { baseMs: 30_000, maxMs: 3_600_000 } },
    forward: {
      retryLimit: Math.max(0, config.forwarding.schedule.length - 1),
      backoff: { baseMs: 1000, maxMs: 60_000 },
      visibilityTimeoutMs: config.forwarding.timeoutMs + 60_000,
    },
    sendEventJobs: {
      retryLimit: 100_000,
      backoff: { baseMs: 1000, maxMs: 30_000 },
      visibilityTimeoutMs: 15_000,
      orderingKey: SEND_EVENT_JOBS,
    },
  };
}
