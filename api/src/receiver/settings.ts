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
  /** Posts one client address may make a minute to URLs no live webhook has (then 429). */
  unknownPostsPerMinute: number;
  /** What one webhook, and all the webhooks of one organization, may receive an hour and a day. */
  quotas: Record<QuotaScope, IntakeQuota>;
  /** Megabytes of bodies all webhooks together may bring in a minute (every api process on PostgreSQL): the disk's guard. */
  intakeMegabytesPerMinute: number;
  /** Events the category-based filter holds expire (are never written) this many days after they arrived. */
  heldEventDays: number;
}

export type QuotaScope = 'webhook' | 'organization';

export interface IntakeQuota {
  eventsPerHour: number;
  eventsPerDay: number;
  megabytesPerHour: number;
  megabytesPerDay: number;
}

/** The quota settings' names and defaults, by scope: WEBHOOK_EVENTS_PER_HOUR and so on. */
const quotaDefaults: Record<QuotaScope, { prefix: string; quota: IntakeQuota }> = {
  webhook: {
    prefix: 'WEBHOOK',
    quota: {
      eventsPerHour: 20_000,
      eventsPerDay: 200_000,
      megabytesPerHour: 500,
      megabytesPerDay: 2_000,
    },
  },
  organization: {
    prefix: 'ORGANIZATION',
    quota: {
      eventsPerHour: 50_000,
      eventsPerDay: 500_000,
      megabytesPerHour: 1_000,
      megabytesPerDay: 5_000,
    },
  },
};

const quotaVariable = {
  eventsPerHour: 'EVENTS_PER_HOUR',
  eventsPerDay: 'EVENTS_PER_DAY',
  megabytesPerHour: 'MB_PER_HOUR',
  megabytesPerDay: 'MB_PER_DAY',
} as const satisfies Record<keyof IntakeQuota, string>;

const quotaKeys = Object.keys(quotaVariable) as (keyof IntakeQuota)[];

function loadQuota(env: Env, scope: QuotaScope): IntakeQuota {
  const { prefix, quota } = quotaDefaults[scope];
  return Object.fromEntries(
    quotaKeys.map((key) => [
      key,
      positiveWhole(env, `${prefix}_${quotaVariable[key]}`, quota[key]),
    ]),
  ) as unknown as IntakeQuota;
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
    unknownPostsPerMinute: positiveWhole(env, 'UNKNOWN_WEBHOOK_POSTS_PER_MINUTE', 60),
    quotas: { webhook: loadQuota(env, 'webhook'), organization: loadQuota(env, 'organization') },
    intakeMegabytesPerMinute: positiveWhole(env, 'INTAKE_MEGABYTES_PER_MINUTE', 200),
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
      'Posts one webhook may receive a minute (counted by webhook, shared by every api process on PostgreSQL) before 429 with Retry-After; other webhooks are not slowed.',
  },
  {
    name: 'UNKNOWN_WEBHOOK_POSTS_PER_MINUTE',
    default: '60',
    description:
      'Posts one client address may make a minute to URLs no live webhook has (unknown or deleted codes) before 429, counted apart from the live webhooks.',
  },
  {
    name: 'INTAKE_MEGABYTES_PER_MINUTE',
    default: '200',
    description:
      "Megabytes of bodies all webhooks together may bring in a minute (counted across every api process on PostgreSQL) before 429 with Retry-After: keeps a flood from filling the disk. Each organization may always bring in a quarter of it, so one flooding organization cannot use up the others' minute.",
  },
  ...(['webhook', 'organization'] as const).flatMap((scope) =>
    quotaKeys.map((key) => ({
      name: `${quotaDefaults[scope].prefix}_${quotaVariable[key]}`,
      default: String(quotaDefaults[scope].quota[key]),
      description: `${key.startsWith('events') ? 'Events' : 'Megabytes of bodies'} ${scope === 'webhook' ? 'one webhook' : 'the webhooks of one organization together'} may receive ${key.startsWith('events') ? '' : '(and send, once per endpoint forwarded to) '}${key.endsWith('Hour') ? 'an hour' : 'a day'} before 429 with Retry-After (logged once per hour or day on the webhook's log).`,
    })),
  ),
];
