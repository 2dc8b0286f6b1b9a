import type { CrmProperty } from 'shared/contract';
import { fetchHubSpotContactProperties, withFreshToken } from '../adapters/hubspot/index.js';
import { nowMs } from '../clock.js';
import type { Deps } from '../deps.js';
import type { UserProfileRecord } from '../repositories/user-profiles.js';

/** How long a HubSpot profile's contact properties are served from memory. */
export const CONTACT_PROPERTIES_TTL_MS = 5 * 60 * 1000;

/** A HubSpot profile's contact properties, kept in this process's memory for a few minutes (spec §7: cached per user). */
export async function contactProperties(
  deps: Deps,
  profile: UserProfileRecord,
): Promise<CrmProperty[]> {
  const cache = deps.state.contactProperties;
  const hit = cache.get(profile.id);
  if (hit && hit.expiresAt > nowMs(deps.clock)) return hit.properties;
  const properties = await withFreshToken(deps, profile, fetchHubSpotContactProperties);
  cache.set(profile.id, { expiresAt: nowMs(deps.clock) + CONTACT_PROPERTIES_TTL_MS, properties });
  return properties;
}

/** Drops a profile's cached properties (it was deleted or connected again). */
export function forgetContactProperties(deps: Deps, profileId: number): void {
  deps.state.contactProperties.delete(profileId);
}
