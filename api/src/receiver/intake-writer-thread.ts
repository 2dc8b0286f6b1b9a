// The receiver's intake thread (intake-writer.ts starts it): its own connection to the api's database.
// It reads each post as it comes (intake.ts planKnownPost) and stores the posts read meanwhile in one
// commit at a time (event-writer.ts), in the order they came, through the api's one intake store.
import { parentPort, workerData } from 'node:worker_threads';
import type { Clock } from '../clock.js';
import { kyselyOnPostgres, kyselyOnSqlite, openPostgresPool, openSqlite } from '../db/connect.js';
import { openJobSender } from '../jobs/open-job-sender.js';
import { createEventWriter } from './event-writer.js';
import { planKnownPost, type KnownPost, type KnownPostResult, type PostPlan } from './intake.js';
import { intakeStoreFor } from './intake-store.js';
import { settledOutcomes } from './intake-line.js';
import type { IntakeWriterData, ThreadBatch, ThreadReply } from './intake-writer.js';

const { database, jobOptions } = workerData as IntakeWriterData;
const db =
  database.kind === 'sqlite'
    ? kyselyOnSqlite(openSqlite(database.path))
    : kyselyOnPostgres(openPostgresPool(database.url, { max: database.pools?.database }));
// the api's clock: each batch brings its time, which the deliveries and jobs stored after it take
let apiTime = new Date(0);
const clock: Clock = { now: () => apiTime };
const jobs = openJobSender({
  location: database.kind === 'sqlite' ? database.path : database.url,
  poolMax: database.kind === 'sqlite' ? undefined : database.pools?.queue,
  db,
  clock,
});
const store = intakeStoreFor({ db, clock, jobs, jobOptions });
// one commit at a time of the posts read meanwhile; a failed one retried post by post before the next
const writer = createEventWriter<PostPlan, KnownPostResult>(store.store);
const underWay = new Set<Promise<void>>();

const readAndStore = (post: KnownPost): Promise<KnownPostResult> => {
  try {
    return writer.write(planKnownPost(post));
  } catch (error) {
    return Promise.reject(error);
  }
};

/**
 * Each post is read as soon as it comes, while the last commit is under way (PostgreSQL) or before the
 * next (SQLite: a commit holds this thread), and the group is answered once all its posts are stored.
 */
async function take({ seq, at, posts }: ThreadBatch): Promise<void> {
  apiTime = new Date(at);
  const outcomes = await settledOutcomes(posts, readAndStore);
  parentPort!.postMessage({ seq, outcomes } satisfies ThreadReply);
}

parentPort!.on('message', (message: ThreadBatch | 'stop') => {
  if (message === 'stop') {
    // the posts already taken first
    void Promise.allSettled(underWay)
      .then(() => jobs.close())
      .then(() => db.destroy())
      .finally(() => parentPort!.close());
    return;
  }
  const taking = take(message);
  underWay.add(taking);
  void taking.finally(() => underWay.delete(taking));
});
