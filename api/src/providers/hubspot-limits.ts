import type { RateRule } from './pacing.js';

/**
 * HubSpot's limits per connected account (providers.md): public apps 110 requests per 10 s, Search
 * excluded; Search 5 requests per second.
 */
export const HUBSPOT_RATE_LIMITS = {
  requests: { limit: 110, windowMs: 10_000 },
  searches: { limit: 5, windowMs: 1_000 },
} as const satisfies Record<string, RateRule>;

/** The slots one HubSpot call of an account takes: a search counts against the search limit only. */
export const hubspotSlots = (hubId: string, kind: 'request' | 'search') =>
  kind === 'search'
    ? [{ key: `hubspot:search:${hubId}`, rule: HUBSPOT_RATE_LIMITS.searches }]
    : [{ key: `hubspot:requests:${hubId}`, rule: HUBSPOT_RATE_LIMITS.requests }];
