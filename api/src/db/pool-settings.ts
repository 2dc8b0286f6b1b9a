import type { ConfigVariable, Env } from '../config.js';

/** PostgreSQL connections one process may hold, per pool (README "Running at scale" sizes them). */
export interface PoolSettings {
  /** The process's database pool, and the receiver's intake thread's (an api holds both). */
  database: number;
  /** Each of the job queue's two pools (pg-boss's statements, and the engine's prepared ones). */
  queue: number;
}

function poolSize(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1000)
    throw new Error(`${name} must be a whole number from 1 to 1000, got "${raw}"`);
  return value;
}

export function loadPoolSettings(env: Env): PoolSettings {
  return {
    database: poolSize(env, 'PG_POOL_MAX', 10),
    queue: poolSize(env, 'PG_QUEUE_POOL_MAX', 5),
  };
}

export const poolConfigVariables: readonly ConfigVariable[] = [
  {
    name: 'PG_POOL_MAX',
    default: '10',
    description:
      'On PostgreSQL: connections of a process’s database pool, and of an api’s intake thread’s (so up to twice this an api).',
  },
  {
    name: 'PG_QUEUE_POOL_MAX',
    default: '5',
    description:
      'On PostgreSQL: connections of each of the job queue’s two pools in a process (so up to twice this a process).',
  },
];
