import type { Kysely } from 'kysely';
import type { CrmType, Database } from '../../db/schema.js';
import { findUserProfile, type UserProfileRecord } from '../../repositories/user-profiles.js';

const crmNames: Record<CrmType, string> = { HUBSPOT: 'HubSpot', SALESFORCE: 'Salesforce' };

/** The profile, undefined when there is none or it is another CRM's (when `crm` is given). */
export async function findProfileOf(db: Kysely<Database>, id: number, crm?: CrmType): Promise<UserProfileRecord | undefined> {
  const profile = await findUserProfile(db, id);
  return profile && (crm === undefined || profile.crm === crm) ? profile : undefined;
}

/** "HubSpot profile not found" */
export const profileNotFound = (crm?: CrmType): string => `${crm ? crmNames[crm] : 'CRM'} profile not found`;
