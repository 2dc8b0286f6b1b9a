import type { Deps } from '../../deps.js';
import { z } from 'zod';
import type { UserProfileRecord } from '../../records/user-profile.js';
import type { SalesforceConnection } from './request.js';
import { withFreshToken } from './session.js';
import { querySalesforce } from './soql.js';

/** spec §3 "Owner": an active standard Salesforce user who can own records. */
export interface SalesforceOwner {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  name: string;
}

const userRecord = z.object({
  Id: z.string(),
  FirstName: z.string().nullish(),
  LastName: z.string().nullish(),
  Email: z.string().nullish(),
  Name: z.string().nullish(),
});

/** SOQL on User: the active standard users, by name. */
export async function fetchSalesforceOwners(
  connection: SalesforceConnection,
): Promise<SalesforceOwner[]> {
  const users = await querySalesforce(
    connection,
    'listing users',
    "SELECT Id, FirstName, LastName, Email, Name FROM User WHERE IsActive = true AND UserType = 'Standard' ORDER BY Name",
    userRecord,
  );
  return users.map((user) => {
    const firstName = user.FirstName ?? '';
    const lastName = user.LastName ?? '';
    return {
      id: user.Id,
      firstName,
      lastName,
      email: user.Email ?? '',
      name: user.Name ?? ([firstName, lastName].filter(Boolean).join(' ') || (user.Email ?? '')),
    };
  });
}

/** The owners of the profile's Salesforce org (for the webhook forms' "Owner"). */
export function listOwners(deps: Deps, profile: UserProfileRecord): Promise<SalesforceOwner[]> {
  return withFreshToken(deps, profile, (connection) => fetchSalesforceOwners(connection));
}
