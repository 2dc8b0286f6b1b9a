import type { HubSpotConnection } from '../adapters/hubspot/request.js';
import { withFreshToken } from '../adapters/hubspot/session.js';
import type { Deps } from '../deps.js';
import { hubspotSlots } from '../providers/hubspot-limits.js';
import { waitForRateSlots } from '../providers/pacing.js';
import type { UserProfileRecord } from '../records/user-profile.js';

/** One event's writes into one HubSpot account: its calls, and what the steps found so far. */
export interface HubSpotRun {
  deps: Deps;
  profile: UserProfileRecord;
  /** One HubSpot call with a live token, after a slot of the account's shared rate limit (a search: of the search limit). */
  call<T>(
    run: (connection: HubSpotConnection) => Promise<T>,
    kind?: 'request' | 'search',
  ): Promise<T>;
  contactId: string | null;
  companyId: string | null;
  /** os_ properties that could not be created: left out of the contact's writes. */
  unavailable: Set<string>;
}

/** A fresh run for the profile: each call waits its turn of the account's shared rate limit, then goes with a live token. */
export function startHubSpotRun(deps: Deps, profile: UserProfileRecord): HubSpotRun {
  const call = async <T>(
    fn: (connection: HubSpotConnection) => Promise<T>,
    kind: 'request' | 'search' = 'request',
  ): Promise<T> => {
    await waitForRateSlots(deps, 'HubSpot', hubspotSlots(profile.organizationId, kind));
    return withFreshToken(deps, profile, fn);
  };
  return { deps, profile, call, contactId: null, companyId: null, unavailable: new Set() };
}

/** The properties to write, without the os_ ones that could not be created. */
export const withoutUnavailable = (
  run: HubSpotRun,
  properties: Record<string, string>,
): Record<string, string> =>
  Object.fromEntries(Object.entries(properties).filter(([name]) => !run.unavailable.has(name)));
