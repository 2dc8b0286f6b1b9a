import type PgBoss from 'pg-boss';
import type { Backoff, OutgoingJob } from './job-queue.js';

/** A job as the engine before this one stored it in pg-boss: the job itself, not a ticket. */
interface EarlierEnvelope {
  data: unknown;
  backoff: Backoff;
  /** Its place among the jobs of its transaction. */
  seq?: number;
}

/** Jobs fetched from an earlier queue at a time. */
const ADOPT_AT_ONCE = 500;

/** Runs `work` in a transaction of the api's database: pg-boss's statements on `db`, the jobs stored by `store`. */
export type AdoptionTransaction = (
  work: (db: PgBoss.Db, store: (jobs: OutgoingJob[]) => Promise<void>) => Promise<number>,
) => Promise<number>;

/**
 * The jobs an earlier version of the PostgreSQL engine left in pg-boss's queue `name` (it kept the jobs
 * there, where this one keeps tickets under another name), fetched through pg-boss's API in the order
 * they were sent, stored as this engine's and deleted from pg-boss, one batch per transaction (a
 * process that dies meanwhile leaves them where they were). Answers whether nothing unfinished is left
 * (a job still running in a process of the earlier version stays until its lease runs out, and is
 * adopted on a later call). The earlier queue is then deleted, unless pg-boss still keeps jobs the
 * earlier engine finished: its maintenance archives them within a day, and a later start deletes it.
 */
export async function adoptEarlierJobs(
  boss: PgBoss,
  name: string,
  transaction: AdoptionTransaction,
): Promise<boolean> {
  if ((await boss.getQueue(name)) === null) return true;
  const adoptBatch = (db: PgBoss.Db, store: (jobs: OutgoingJob[]) => Promise<void>) =>
    boss
      .fetch<EarlierEnvelope>(name, {
        batchSize: ADOPT_AT_ONCE,
        includeMetadata: true,
        ignoreStartAfter: true,
        db,
      })
      .then(async (fetched) => {
        const inOrder = [...fetched].sort(
          (a, b) =>
            new Date(a.createdOn).getTime() - new Date(b.createdOn).getTime() ||
            (a.data.seq ?? 0) - (b.data.seq ?? 0),
        );
        await store(inOrder.map(toOutgoing));
        if (fetched.length > 0)
          await boss.deleteJob(
            name,
            fetched.map((job) => job.id),
            { db },
          );
        return fetched.length;
      });
  while ((await transaction(adoptBatch)) > 0) {
    // the next batch
  }
  if ((await boss.getQueueSize(name, { before: 'completed' })) > 0) return false;
  // refused while the queue holds finished jobs (its foreign key restricts the delete)
  await boss.deleteQueue(name).catch(() => undefined);
  return true;
}

function toOutgoing(job: PgBoss.JobWithMetadata<EarlierEnvelope>): OutgoingJob {
  const startAfter = new Date(job.startAfter);
  return {
    name: job.name,
    data: job.data.data,
    options: {
      ...(job.singletonKey !== null ? { orderingKey: job.singletonKey } : {}),
      priority: job.priority,
      // the attempts it has left
      retryLimit: Math.max(0, job.retryLimit - job.retryCount),
      backoff: job.data.backoff,
      // set aside behind its key (start 'infinity'): due, in its key's turn
      ...(Number.isFinite(startAfter.getTime()) ? { startAfter } : {}),
    },
  };
}
