import { RateLimiterRes } from 'rate-limiter-flexible';
import type { IntakeWebhook } from '../repositories/webhook-events.js';
import { intakeMessages, type QuotaWindow } from './intake-messages.js';
import type { MakeLimiter, PointsLimiter } from '../providers/limit-store.js';
import type { IntakeQuota, QuotaScope, ReceiverSettings } from './settings.js';

/** A post not taken (429): what the platform is told, when to come back, and whether the owner is told. */
export interface LimitRefusal {
  message: string;
  retryAfterSeconds: number;
  /** The first refusal of its window: logged once on the webhook's log, never for every post. */
  firstInWindow: boolean;
}

const secondsOf = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Whether this post's points are the ones that went over the limit (the window's first refusal). */
const wentOver = (res: RateLimiterRes, points: number, limit: number): boolean =>
  res.consumedPoints - points <= limit;

/** Counts `points` for `key`: null when within the limit, else the limiter's answer. */
async function consume(
  limiter: PointsLimiter,
  key: string,
  points: number,
): Promise<RateLimiterRes | null> {
  try {
    await limiter.consume(key, points);
    return null;
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return refused;
    throw refused;
  }
}

export const KILOBYTE = 1024;
/**
 * The part of INTAKE_MEGABYTES_PER_MINUTE each organization may always bring in: one flooding
 * organization spends the rest, never another's share (issue 53: one tenant cannot slow another).
 */
export const INTAKE_SHARE = 0.25;
/** A body's size as the byte counters count it: whole KB, at least 1. */
export const kilobytesOf = (bytes: number): number => Math.max(1, Math.ceil(bytes / KILOBYTE));

/** One quota counter: a scope, a window, events or bytes (counted in KB: PostgreSQL's counter is 32 bits). */
export interface QuotaCounter {
  scope: QuotaScope;
  window: QuotaWindow;
  measure: 'events' | 'MB';
  limit: number;
  points: number;
  limiter: PointsLimiter;
}

export function quotaCounters(
  make: MakeLimiter,
  scope: QuotaScope,
  quota: IntakeQuota,
): QuotaCounter[] {
  const counter = (window: QuotaWindow, measure: 'events' | 'MB', limit: number): QuotaCounter => {
    const points = measure === 'MB' ? limit * KILOBYTE : limit;
    const seconds = window === 'hour' ? 3600 : 86_400;
    return {
      scope,
      window,
      measure,
      limit,
      points,
      limiter: make({ name: `quota-${scope}-${measure}-${window}`, points, seconds }),
    };
  };
  return [
    counter('hour', 'events', quota.eventsPerHour),
    counter('day', 'events', quota.eventsPerDay),
    counter('hour', 'MB', quota.megabytesPerHour),
    counter('day', 'MB', quota.megabytesPerDay),
  ];
}

/** The organization a webhook's posts count toward: its owner's, or the owner alone without one. */
export const organizationKeyOf = (
  webhook: Pick<IntakeWebhook, 'ownerOrganizationId' | 'userId'>,
): string =>
  webhook.ownerOrganizationId === null
    ? `user-${webhook.userId}`
    : `${webhook.ownerOrganizationId}`;

export interface IntakeLimits {
  /** A post to a URL no live webhook has (unknown or deleted code), counted by client address. */
  unknownPost(address: string): Promise<LimitRefusal | null>;
  /** A post to a live webhook, counted by the webhook's id before its body is read. */
  floodPost(webhook: IntakeWebhook): Promise<LimitRefusal | null>;
  /** A read post's event and bytes, counted toward its webhook's and its organization's quotas. */
  quotaPost(webhook: IntakeWebhook, bytes: number): Promise<LimitRefusal | null>;
  /** A post's bytes within its quotas, counted toward what all webhooks together may bring in a minute. */
  intakeBytes(webhook: IntakeWebhook, bytes: number): Promise<LimitRefusal | null>;
  /**
   * A webhook refused for its quota or its share of the minute is refused again, before the next
   * post's body is read, until that refusal's window ends: a flood of large bodies past its budget
   * costs the api's thread no reading.
   */
  heldBack(webhook: IntakeWebhook): LimitRefusal | null;
}

/** Until when (ms since the epoch) a webhook's posts are refused, and in what words. */
interface Hold {
  until: number;
  message: (seconds: number) => string;
}

/**
 * The receiver's budgets (issue 53): a flood limit per webhook id that no other key can reset (the
 * counters are never evicted), unknown codes limited per address in a counter of their own, and the
 * hourly and daily event and byte quotas of each webhook and organization, and the bytes all webhooks
 * together may bring in a minute (the disk's guard).
 */
export function createIntakeLimits(
  make: MakeLimiter,
  settings: Pick<
    ReceiverSettings,
    'postsPerMinute' | 'unknownPostsPerMinute' | 'quotas' | 'intakeMegabytesPerMinute'
  >,
): IntakeLimits {
  const unknown = make({ name: 'unknown', points: settings.unknownPostsPerMinute, seconds: 60 });
  const flood = make({ name: 'flood', points: settings.postsPerMinute, seconds: 60 });
  const intakeKilobytes = settings.intakeMegabytesPerMinute * KILOBYTE;
  const intake = make({ name: 'intake-bytes', points: intakeKilobytes, seconds: 60 });
  // an organization within its share of the minute is let in even when the others used the rest
  const organizationShare = make({
    name: 'intake-bytes-share',
    points: Math.max(1, Math.floor(intakeKilobytes * INTAKE_SHARE)),
    seconds: 60,
  });
  const counters = [
    ...quotaCounters(make, 'webhook', settings.quotas.webhook),
    ...quotaCounters(make, 'organization', settings.quotas.organization),
  ];
  const holds = new Map<number, Hold>();
  const hold = (webhook: IntakeWebhook, msBeforeNext: number, message: Hold['message']) =>
    holds.set(webhook.id, { until: Date.now() + msBeforeNext, message });
  return {
    heldBack(webhook) {
      const held = holds.get(webhook.id);
      if (held === undefined) return null;
      const left = held.until - Date.now();
      if (left <= 0) {
        holds.delete(webhook.id);
        return null;
      }
      const seconds = Math.max(1, Math.ceil(left / 1000));
      return { message: held.message(seconds), retryAfterSeconds: seconds, firstInWindow: false };
    },
    async unknownPost(address) {
      const res = await consume(unknown, address, 1);
      if (res === null) return null;
      const seconds = secondsOf(res);
      return {
        message: intakeMessages.unknownFlood(settings.unknownPostsPerMinute, seconds),
        retryAfterSeconds: seconds,
        firstInWindow: wentOver(res, 1, settings.unknownPostsPerMinute),
      };
    },
    async floodPost(webhook) {
      const res = await consume(flood, String(webhook.id), 1);
      if (res === null) return null;
      const seconds = secondsOf(res);
      return {
        message: intakeMessages.flood(settings.postsPerMinute, seconds),
        retryAfterSeconds: seconds,
        firstInWindow: wentOver(res, 1, settings.postsPerMinute),
      };
    },
    async quotaPost(webhook, bytes) {
      const kilobytes = kilobytesOf(bytes);
      const keys: Record<QuotaScope, string> = {
        webhook: String(webhook.id),
        organization: organizationKeyOf(webhook),
      };
      const results = await Promise.all(
        counters.map(async (counter) => {
          const points = counter.measure === 'MB' ? kilobytes : 1;
          const res = await consume(counter.limiter, keys[counter.scope], points);
          return res === null ? null : { counter, res, points };
        }),
      );
      const over = results.filter((result) => result !== null);
      if (over.length === 0) return null;
      // the quota that frees last is the one to name: the platform's retry must wait for it
      const longest = over.reduce((a, b) => (b.res.msBeforeNext > a.res.msBeforeNext ? b : a));
      const seconds = secondsOf(longest.res);
      const { scope, measure, limit, window } = longest.counter;
      hold(webhook, longest.res.msBeforeNext, (left) =>
        intakeMessages.quota(scope, limit, measure, window, left),
      );
      return {
        message: intakeMessages.quota(scope, limit, measure, window, seconds),
        retryAfterSeconds: seconds,
        firstInWindow: over.some(({ counter, res, points }) =>
          wentOver(res, points, counter.points),
        ),
      };
    },
    async intakeBytes(webhook, bytes) {
      const kilobytes = kilobytesOf(bytes);
      const share = await consume(organizationShare, organizationKeyOf(webhook), kilobytes);
      const res = await consume(intake, 'all', kilobytes);
      if (res === null || share === null) return null;
      // the organization may post again once its share or the minute of all webhooks frees
      const msBeforeNext = Math.min(share.msBeforeNext, res.msBeforeNext);
      const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
      hold(webhook, msBeforeNext, (left) =>
        intakeMessages.intakeBytes(settings.intakeMegabytesPerMinute, left),
      );
      return {
        message: intakeMessages.intakeBytes(settings.intakeMegabytesPerMinute, seconds),
        retryAfterSeconds: seconds,
        firstInWindow: wentOver(res, kilobytes, intakeKilobytes),
      };
    },
  };
}
