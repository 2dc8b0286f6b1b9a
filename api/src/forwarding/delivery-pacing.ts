import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Deps } from '../deps.js';
import { processLimiter, type PointsLimiter } from '../providers/limit-store.js';
import { organizationKeyOf } from '../receiver/intake-limits.js';
import type { DeliveryRecord } from '../repositories/webhook-deliveries.js';

/**
 * A delivery that must wait (its destination host or its organization had its deliveries this
 * minute, or its organization's byte quota is used up): the job runs again then, without using one of
 * its attempts (the queue reads `kind: 'rate-limited'`), so it is deferred, never dropped.
 */
export class ForwardingBusyError extends Error {
  readonly kind = 'rate-limited';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'ForwardingBusyError';
  }
}

/** A wait of at least a second, so a job deferred at a window's very end does not spin. */
export const waitMs = (refused: RateLimiterRes): number => Math.max(1000, refused.msBeforeNext);

const hostOf = (url: string): string => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
};

/** Counts one delivery on `limiter`, or throws ForwardingBusyError saying `whose` minute is used up. */
async function countOn(limiter: PointsLimiter, key: string, whose: string): Promise<void> {
  try {
    await limiter.consume(key, 1);
  } catch (refused) {
    if (refused instanceof RateLimiterRes)
      throw new ForwardingBusyError(
        `${whose} had its deliveries for this minute: the next attempt waits`,
        waitMs(refused),
      );
    throw refused;
  }
}

/**
 * Counts a delivery toward its organization's minute (FORWARD_POSTS_PER_ORGANIZATION_PER_MINUTE), then
 * its destination host's (FORWARD_POSTS_PER_HOST_PER_MINUTE), both shared by every process on
 * PostgreSQL, or throws ForwardingBusyError past either: forwarding never floods one host, whoever's
 * endpoints name it, and one organization never sends more than its share. The organization comes
 * first so one over its share never takes a point of the host's minute from the others.
 */
export async function paceDelivery(
  deps: Pick<Deps, 'db' | 'state' | 'config'>,
  delivery: Pick<DeliveryRecord, 'url' | 'userId' | 'ownerOrganizationId'>,
): Promise<void> {
  const { postsPerOrganizationPerMinute, postsPerHostPerMinute } = deps.config.forwarding;
  const organizations = processLimiter(deps, {
    name: 'forward-organization',
    points: postsPerOrganizationPerMinute,
    seconds: 60,
  });
  await countOn(organizations, organizationKeyOf(delivery), 'Your organization');
  const host = hostOf(delivery.url);
  const hosts = processLimiter(deps, {
    name: 'forward-host',
    points: postsPerHostPerMinute,
    seconds: 60,
  });
  await countOn(hosts, host, host);
}
