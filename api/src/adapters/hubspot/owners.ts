import type { Deps } from '../../deps.js';
import { z } from 'zod';
import type { UserProfileRecord } from '../../records/user-profile.js';
import { hubspotRequest, type HubSpotConnection } from './request.js';
import { withFreshToken } from './session.js';

/** spec §3 "Owner": who can own a HubSpot record. */
export interface HubSpotOwner {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  name: string;
}

const ownersPage = z.object({
  results: z.array(
    z.object({
      id: z.union([z.string(), z.number()]),
      email: z.string().nullish(),
      firstName: z.string().nullish(),
      lastName: z.string().nullish(),
    }),
  ),
  paging: z.object({ next: z.object({ after: z.string() }).optional() }).optional(),
});

/** At most this many pages of 500 owners are read (100,000 owners). */
const MAX_PAGES = 200;

/** GET /crm/v3/owners, every page; `email` narrows to one owner. */
export async function fetchHubSpotOwners(
  connection: HubSpotConnection,
  email?: string,
): Promise<HubSpotOwner[]> {
  const owners: HubSpotOwner[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await hubspotRequest(
      connection,
      { action: 'listing owners', path: '/crm/v3/owners', query: { limit: 500, after, email } },
      ownersPage,
    );
    for (const owner of answer.results) {
      const firstName = owner.firstName ?? '';
      const lastName = owner.lastName ?? '';
      owners.push({
        id: String(owner.id),
        firstName,
        lastName,
        email: owner.email ?? '',
        name: [firstName, lastName].filter(Boolean).join(' ') || (owner.email ?? ''),
      });
    }
    after = answer.paging?.next?.after;
    if (!after) break;
  }
  return owners;
}

/** The owners of the profile's HubSpot account (for the webhook forms' "Select owner"). */
export function listOwners(deps: Deps, profile: UserProfileRecord): Promise<HubSpotOwner[]> {
  return withFreshToken(deps, profile, (connection) => fetchHubSpotOwners(connection));
}
