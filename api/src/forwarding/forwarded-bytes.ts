import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Deps } from '../deps.js';
import { processLimiter } from '../providers/limit-store.js';
import {
  KILOBYTE,
  organizationKeyOf,
  quotaCounters,
  type QuotaCounter,
} from '../receiver/intake-limits.js';
import { intakeMessages } from '../receiver/intake-messages.js';
import type { QuotaScope } from '../receiver/settings.js';
import type { DeliveryRecord } from '../repositories/webhook-deliveries.js';
import { ForwardingBusyError, waitMs } from './delivery-pacing.js';

type ForwardedDelivery = Pick<
  DeliveryRecord,
  'webhookId' | 'userId' | 'ownerOrganizationId' | 'rawBody'
>;

interface KeyedCounter {
  counter: QuotaCounter;
  key: string;
}

/**
 * The receiver's byte quotas (an hour and a day) of the delivery's webhook and organization, keyed as
 * the receiver keys them: the same counters (the process's, in the database on PostgreSQL), not a
 * second quota.
 */
function byteCounters(
  deps: Pick<Deps, 'db' | 'state' | 'config'>,
  delivery: ForwardedDelivery,
): KeyedCounter[] {
  const { quotas } = deps.config.receiver;
  const keyed = (scope: QuotaScope, key: string): KeyedCounter[] =>
    quotaCounters((shape) => processLimiter(deps, shape), scope, quotas[scope])
      .filter((counter) => counter.measure === 'MB')
      .map((counter) => ({ counter, key }));
  return [
    ...(delivery.webhookId === null ? [] : keyed('webhook', String(delivery.webhookId))),
    ...keyed('organization', organizationKeyOf(delivery)),
  ];
}

/** Adds `points` to the counter's key: its count when within the quota, else the refusal. */
async function add(
  { counter, key }: KeyedCounter,
  points: number,
): Promise<{ res: RateLimiterRes; over: boolean }> {
  try {
    return { res: await counter.limiter.consume(key, points), over: false };
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return { res: refused, over: true };
    throw refused;
  }
}

const busy = ({ counter }: KeyedCounter, refused: RateLimiterRes): ForwardingBusyError => {
  const ms = waitMs(refused);
  return new ForwardingBusyError(
    intakeMessages.quota(counter.scope, counter.limit, 'MB', counter.window, Math.ceil(ms / 1000)),
    ms,
  );
};

/** The one of `full` that frees last: the delivery must wait for it. */
const lastToFree = (full: { keyed: KeyedCounter; res: RateLimiterRes }[]) =>
  full.reduce((a, b) => (b.res.msBeforeNext > a.res.msBeforeNext ? b : a));

/**
 * Counts the bytes one attempt sends toward the byte quotas its event was received on (issue 53:
 * forwarded bytes count, so endpoints multiply nothing for free), or throws ForwardingBusyError and
 * the delivery waits for the window that frees last. Each counter is looked at (0 points) before any
 * is added to: a delivery that does not fit pushes no count past its quota, so the receiver's next
 * refusal is still the window's first and is logged for the owner. A body larger than a whole quota
 * counts as the whole quota (it waits for an empty window, not for ever).
 */
export async function countForwardedBytes(
  deps: Pick<Deps, 'db' | 'state' | 'config'>,
  delivery: ForwardedDelivery,
): Promise<void> {
  const kilobytes = Math.max(1, Math.ceil(Buffer.byteLength(delivery.rawBody) / KILOBYTE));
  const counters = byteCounters(deps, delivery).map((keyed) => ({
    keyed,
    points: Math.min(kilobytes, keyed.counter.points),
  }));
  const looks = await Promise.all(
    counters.map(async ({ keyed, points }) => {
      const { res, over } = await add(keyed, 0);
      return { keyed, res, full: over || res.remainingPoints < points };
    }),
  );
  const full = looks.filter((look) => look.full);
  if (full.length > 0) {
    const last = lastToFree(full);
    throw busy(last.keyed, last.res);
  }
  const added = await Promise.all(
    counters.map(async ({ keyed, points }) => ({ keyed, ...(await add(keyed, points)) })),
  );
  // another process took the room between the look and the count: wait like the rest
  const over = added.filter((one) => one.over);
  if (over.length > 0) {
    const last = lastToFree(over);
    throw busy(last.keyed, last.res);
  }
}
