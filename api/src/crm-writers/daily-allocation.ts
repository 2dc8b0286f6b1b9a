import type { Deps } from '../deps.js';
import { ProviderError } from '../providers/provider-error.js';
import { findApiAllocation } from '../repositories/api-allocations.js';

const startOfNextDay = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));

/**
 * Before a Salesforce call: when the org's daily allocation was reported used up today, the writer waits
 * for the next day (a rate-limited ProviderError: the queue runs the event again then, without using an
 * attempt, and the row's attempts say why).
 */
export async function waitForDailyAllocation(
  deps: Pick<Deps, 'db' | 'clock'>,
  key: string,
): Promise<void> {
  const allocation = await findApiAllocation(deps.db, key);
  if (allocation === undefined || allocation.used < allocation.allowed) return;
  const now = deps.clock.now();
  const resumesAt = startOfNextDay(new Date(allocation.reportedAt));
  if (resumesAt.getTime() <= now.getTime()) return;
  throw new ProviderError(
    'rate-limited',
    'Salesforce',
    `Salesforce's daily API allocation for this org is used up (${allocation.used} of ${allocation.allowed} calls): events wait until ${resumesAt.toISOString()}`,
    { retryAfterMs: resumesAt.getTime() - now.getTime() },
  );
}
