import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Deps } from '../deps.js';
import { processLimiter } from '../providers/limit-store.js';

/**
 * A destination host that had its share of deliveries this minute: the job runs again when the
 * window ends, without using one of its attempts (the queue reads `kind: 'rate-limited'`).
 */
export class DestinationBusyError extends Error {
  readonly kind = 'rate-limited';
  constructor(
    host: string,
    readonly retryAfterMs: number,
  ) {
    super(`${host} had its deliveries for this minute: the next attempt waits`);
    this.name = 'DestinationBusyError';
  }
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
};

/**
 * Counts a delivery toward its destination host's minute (FORWARD_POSTS_PER_HOST_PER_MINUTE, shared
 * by every process on PostgreSQL), or throws DestinationBusyError past it: forwarding never floods one
 * host, whoever's endpoints name it.
 */
export async function paceDestination(deps: Pick<Deps, 'db' | 'state' | 'config'>, url: string) {
  const host = hostOf(url);
  const limiter = processLimiter(deps, {
    name: 'forward-host',
    points: deps.config.forwarding.postsPerHostPerMinute,
    seconds: 60,
  });
  try {
    await limiter.consume(host, 1);
  } catch (refused) {
    if (refused instanceof RateLimiterRes)
      throw new DestinationBusyError(host, Math.max(1000, refused.msBeforeNext));
    throw refused;
  }
}
