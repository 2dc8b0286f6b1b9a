import type { ConfigVariable, Env } from '../config.js';

/** Where the api's jobs run: in the api process (the default), or only in `npm run worker` processes. */
export type WorkersMode = 'in-process' | 'off';

export interface ReceiverSettings {
  workers: WorkersMode;
  /** Jobs of each queue one process runs at a time. */
  workerConcurrency: number;
  /** Events and their delivery attempts are deleted this many days after they arrived. */
  retentionDays: number;
  /** Posts one webhook URL may receive a minute in one api process (then 429 with Retry-After). */
  postsPerMinute: number;
  /** Events the category-based filter holds expire (are never written) this many days after they arrived. */
  heldEventDays: number;
}

function positiveWhole(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

export function loadReceiverSettings(env: Env): ReceiverSettings {
  const workers = (env.WORKERS?.trim() || 'in-process').toLowerCase();
  if (workers !== 'in-process' && workers !== 'off')
    throw new Error(`WORKERS must be in-process or off, got "${env.WORKERS}"`);
  return {
    workers,
    workerConcurrency: positiveWhole(env, 'WORKER_CONCURRENCY', 4),
    retentionDays: positiveWhole(env, 'EVENT_RETENTION_DAYS', 30),
    postsPerMinute: positiveWhole(env, 'WEBHOOK_POSTS_PER_MINUTE', 1200),
    heldEventDays: positiveWhole(env, 'HELD_EVENT_DAYS', 30),
  };
}

export const receiverConfigVariables: readonly ConfigVariable[] = [
  {
    name: 'WORKERS',
    default: 'in-process',
    description:
      'in-process: the api also runs the jobs (processing events, forwarding, retention). off: it only takes events; `npm run worker` processes run the jobs.',
  },
  {
    name: 'WORKER_CONCURRENCY',
    default: '4',
    description:
      'Jobs of each kind one process runs at the same time (events of one lead always run one at a time).',
  },
  {
    name: 'EVENT_RETENTION_DAYS',
    default: '30',
    description:
      'Received events, their delivery attempts and log rows are deleted this many days after they arrived.',
  },
  {
    name: 'HELD_EVENT_DAYS',
    default: '30',
    description:
      'Events the category-based filter holds (the lead has none of the webhook’s categories yet) expire this many days after they arrived: never written to the CRM, and logged as expired.',
  },
  {
    name: 'WEBHOOK_POSTS_PER_MINUTE',
    default: '1200',
    description:
      'Posts one webhook URL may receive a minute, per api process, before 429 with Retry-After; other webhooks are not slowed.',
  },
];
