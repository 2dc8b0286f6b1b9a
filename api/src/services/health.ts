import { randomUUID } from 'node:crypto';
import type { HealthAnswer, PartState } from 'shared/contract';
import { freePercentOf } from 'shared/rules';
import type { Deps } from '../deps.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { PROCESS_EVENT } from '../jobs/job-names.js';
import { pingDatabase } from '../repositories/database-probe.js';
import { statfsDiskSpace, type ReadDiskSpace } from './disk-space.js';

/** A probe that takes longer than this counts as down: a health check must answer fast. */
const PROBE_TIMEOUT_MS = 2_000;

async function withinProbeTime<T>(check: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const probe = (check: () => Promise<unknown>): Promise<PartState> =>
  withinProbeTime(check).then(
    () => 'up',
    () => 'down',
  );

/** The data folder's free space (DATA_DIR: the SQLite file's, and secrets.json's on PostgreSQL too). */
const dataFolderDisk = (folder: string, read: ReadDiskSpace): Promise<HealthAnswer['disk']> =>
  withinProbeTime(() => read(folder)).then(
    (disk) => ({ freePercent: freePercentOf(disk.availableBytes, disk.totalBytes) }),
    () => null,
  );

/**
 * GET /health: the database answers a cheap statement, and the queue answers a look-up (of a job that
 * does not exist). Either down makes the api unavailable: the door could not store an event's job. The
 * data folder's free space is reported beside them (the status widget warns under 10 %), never
 * making the api unavailable by itself.
 */
export async function checkHealth(
  deps: Pick<Deps, 'db' | 'config'>,
  queue: JobQueue,
  readDiskSpace: ReadDiskSpace = statfsDiskSpace,
): Promise<HealthAnswer> {
  const [database, queueState, disk] = await Promise.all([
    probe(() => pingDatabase(deps.db)),
    probe(() => queue.getJob(PROCESS_EVENT, randomUUID())),
    dataFolderDisk(deps.config.dataDir, readDiskSpace),
  ]);
  const ok = database === 'up' && queueState === 'up';
  return { status: ok ? 'ok' : 'unavailable', database, queue: queueState, disk };
}
