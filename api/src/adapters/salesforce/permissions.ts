import { z } from 'zod';
import type { SalesforceConnection } from './request.js';
import { querySalesforce } from './soql.js';

/** spec §3 "SALESFORCE permission": a permission set. */
export interface SalesforcePermissionSet {
  Id: string;
  /** A profile's own permission set is named after the profile (Salesforce gives it a generated name). */
  Name: string;
  Label: string;
}

const permissionSetRecord = z.object({
  Id: z.string(),
  Name: z.string(),
  Label: z.string().nullish(),
  IsOwnedByProfile: z.boolean().nullish(),
  Profile: z.object({ Name: z.string().nullish() }).nullish(),
});

/** SOQL on PermissionSet, with the profile's name for profile-owned ones (so "System Administrator" can be preselected). */
export async function fetchSalesforcePermissionSets(
  connection: SalesforceConnection,
): Promise<SalesforcePermissionSet[]> {
  const sets = await querySalesforce(
    connection,
    'listing permission sets',
    'SELECT Id, Name, Label, IsOwnedByProfile, Profile.Name FROM PermissionSet ORDER BY Label',
    permissionSetRecord,
  );
  return sets.map((set) => {
    const profileName = set.IsOwnedByProfile ? set.Profile?.Name : undefined;
    const name = profileName ?? set.Name;
    return { Id: set.Id, Name: name, Label: profileName ?? set.Label ?? set.Name };
  });
}
