import type { FastifyInstance } from 'fastify';
import { isManagerOrAdmin } from 'shared/rules';
import type { CrmType } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/http-error.js';
import { mayManage } from '../../presenters/ownership.js';
import { findUserProfile, type UserProfileRecord } from '../../repositories/user-profiles.js';
import type { UserRecord } from '../../repositories/users.js';

const crmNames: Record<CrmType, string> = { HUBSPOT: 'HubSpot', SALESFORCE: 'Salesforce' };

/** The profile, or 404 when there is none (or it is another CRM's when `crm` is given). */
export async function loadProfile(app: FastifyInstance, id: number, crm?: CrmType): Promise<UserProfileRecord> {
  const profile = await findUserProfile(app.db, id);
  if (!profile || (crm !== undefined && profile.crm !== crm)) throw notFound(`${crm ? crmNames[crm] : 'CRM'} profile not found`);
  return profile;
}

/** spec §6: regular users read only their own profiles' data; managers and admins read everyone's. */
export function requireReadAccess(user: UserRecord, profile: UserProfileRecord): void {
  if (profile.userId !== user.id && !isManagerOrAdmin(user.role)) throw forbidden('You can only use your own CRM profiles');
}

/**
 * Changing a profile (or its CRM through it, or deleting it) is for its owner and admins: `mayManage`,
 * the same rule that fills the profile rows' canDelete.
 */
export function requireWriteAccess(user: UserRecord, profile: UserProfileRecord): void {
  if (!mayManage(user, profile.userId)) throw forbidden('Only the owner of this CRM profile or an admin can change it');
}
