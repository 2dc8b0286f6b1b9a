import type { ConfigVariable } from '../config.js';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './schedule.js';

/** How events are forwarded to additional endpoints. */
export interface ForwardingSettings {
  /** Delays in ms before each attempt (the first before attempt 1); its length is the number of attempts. */
  schedule: number[];
  /** How long one attempt may take until the endpoint's answer is read. */
  timeoutMs: number;
  /** Webhook endpoints one organization (a user without one: that user) may have. */
  endpointsPerOrganization: number;
  /** Deliveries one destination host may get a minute, from all endpoints together. */
  postsPerHostPerMinute: number;
  /** Deliveries one organization's webhooks (a user without one: that user's) may send a minute. */
  postsPerOrganizationPerMinute: number;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_FORWARD_TIMEOUT_MS = 15_000;
export const DEFAULT_ENDPOINTS_PER_ORGANIZATION = 25;
export const DEFAULT_POSTS_PER_HOST_PER_MINUTE = 600;
/** As many as one webhook may receive a minute (WEBHOOK_POSTS_PER_MINUTE's default). */
export const DEFAULT_POSTS_PER_ORGANIZATION_PER_MINUTE = 1200;

function positiveWholeSetting(env: Env, name: string, fallback: number): number {
  const text = env[name]?.trim();
  const value = text ? Number(text) : fallback;
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${text}"`);
  return value;
}

/** FORWARD_RETRY_SCHEDULE (default 0,1m,5m,30m,2h,5h,10h,14h), FORWARD_TIMEOUT_MS (default 15000) and the caps and paces. */
export function loadForwardingSettings(env: Env): ForwardingSettings {
  const scheduleText = env.FORWARD_RETRY_SCHEDULE?.trim();
  const schedule = parseRetrySchedule(scheduleText ? scheduleText : DEFAULT_RETRY_SCHEDULE);
  const timeoutText = env.FORWARD_TIMEOUT_MS?.trim();
  const timeoutMs = timeoutText ? Number(timeoutText) : DEFAULT_FORWARD_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(
      `FORWARD_TIMEOUT_MS must be a positive whole number of milliseconds, got "${timeoutText}"`,
    );
  const endpointsPerOrganization = positiveWholeSetting(
    env,
    'MAX_ENDPOINTS_PER_ORGANIZATION',
    DEFAULT_ENDPOINTS_PER_ORGANIZATION,
  );
  const postsPerHostPerMinute = positiveWholeSetting(
    env,
    'FORWARD_POSTS_PER_HOST_PER_MINUTE',
    DEFAULT_POSTS_PER_HOST_PER_MINUTE,
  );
  const postsPerOrganizationPerMinute = positiveWholeSetting(
    env,
    'FORWARD_POSTS_PER_ORGANIZATION_PER_MINUTE',
    DEFAULT_POSTS_PER_ORGANIZATION_PER_MINUTE,
  );
  return {
    schedule,
    timeoutMs,
    endpointsPerOrganization,
    postsPerHostPerMinute,
    postsPerOrganizationPerMinute,
  };
}

export const forwardingConfigVariables: readonly ConfigVariable[] = [
  {
    name: 'FORWARD_RETRY_SCHEDULE',
    default: DEFAULT_RETRY_SCHEDULE,
    description:
      'Delays before each attempt to forward an event to an additional endpoint, each after the one before (s, m, h, d); as many attempts as entries. Up to 10 % jitter is added; a longer Retry-After wins.',
  },
  {
    name: 'FORWARD_TIMEOUT_MS',
    default: String(DEFAULT_FORWARD_TIMEOUT_MS),
    description:
      'How long an additional endpoint has to answer one forwarded event (then the attempt is retried).',
  },
  {
    name: 'MAX_ENDPOINTS_PER_ORGANIZATION',
    default: String(DEFAULT_ENDPOINTS_PER_ORGANIZATION),
    description:
      'Webhook endpoints (events forwarded to them) one organization may have; adding one more is refused with a message saying so.',
  },
  {
    name: 'FORWARD_POSTS_PER_HOST_PER_MINUTE',
    default: String(DEFAULT_POSTS_PER_HOST_PER_MINUTE),
    description:
      'Forwarded deliveries one destination host may get a minute, from every endpoint and organization together (shared by every process on PostgreSQL); the others wait for the next minute without using an attempt.',
  },
  {
    name: 'FORWARD_POSTS_PER_ORGANIZATION_PER_MINUTE',
    default: String(DEFAULT_POSTS_PER_ORGANIZATION_PER_MINUTE),
    description:
      'Forwarded deliveries the webhooks of one organization may send a minute, to every endpoint together (shared by every process on PostgreSQL); the others wait for the next minute without using an attempt.',
  },
];
