import { SMARTLEAD_BLOCK_LIST_BATCH } from '../adapters/smartlead/block-list.js';
import { INSTANTLY_BULK_LIMIT } from '../adapters/instantly/block-list.js';
import { HEYREACH_LEADS_PER_CALL } from '../adapters/heyreach/add-leads.js';
import type { RateRule } from '../providers/pacing.js';
import type { Platform } from '../db/schema.js';

/** How a platform takes block-list entries: so many a call, and the published rate it is paced at. */
export interface PlatformPushLimits {
  batch: number;
  /** Paced per API key; none: the platform publishes no limit (a 429 still waits for its Retry-After). */
  rate: RateRule | null;
  /** Calls in flight at once (one value a call and no published limit: EmailBison). */
  parallel: number;
}

/**
 * providers.md: Smartlead 60 requests a minute per key (its 1,000 an hour only matters past 16 calls a
 * minute sustained for an hour: a 429 then waits for Retry-After); Instantly 100 a second per workspace,
 * bulk-create 1,000 values; EmailBison one value a call, no published limit (8 calls in flight; a 429
 * still waits for its Retry-After); HeyReach about 300 a minute,
 * AddLeadsToListV2 100 leads.
 */
export const PLATFORM_PUSH_LIMITS: Record<Platform, PlatformPushLimits> = {
  smartlead: {
    batch: SMARTLEAD_BLOCK_LIST_BATCH,
    rate: { limit: 60, windowMs: 60_000 },
    parallel: 1,
  },
  instantly: { batch: INSTANTLY_BULK_LIMIT, rate: { limit: 100, windowMs: 1_000 }, parallel: 1 },
  bison: { batch: 1, rate: null, parallel: 8 },
  heyreach: { batch: HEYREACH_LEADS_PER_CALL, rate: { limit: 300, windowMs: 60_000 }, parallel: 1 },
};

/** The pacing key of a platform's limit for one API key. */
export const platformPaceKey = (platform: Platform, apiKeyId: number): string =>
  `${platform}:key:${apiKeyId}`;
