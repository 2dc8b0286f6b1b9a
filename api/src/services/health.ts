import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { PROCESS_EVENT } from '../jobs/job-names.js';
import { pingDatabase } from '../repositories/database-probe.js';

export type PartState = 'up' | 'down';

export interface Health {
  status: 'ok' | 'unavailable';
  database: PartState;
  queue: PartState;
}

/** A probe that takes longer than this counts as down: a health check must answer fast. */
const PROBE_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<unknown>): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: the database answers a cheap statement, and the queue answers a look-up (of a job that
 * does not exist). Either down makes the api unavailable: the door could not store an event's job.
 */
export async function checkHealth(deps: Pick<Deps, 'db'>, queue: JobQueue): Promise<Health> {
  const [database, queueState] = await Promise.all([
    probe(() => pingDatabase(deps.db)),
    probe(() => queue.getJob(PROCESS_EVENT, randomUUID())),
  ]);
  const ok = database === 'up' && queueState === 'up';
  return { status: ok ? 'ok' : 'unavailable', database, queue: queueState };
}
