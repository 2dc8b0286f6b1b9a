import type { CrmType } from '../db/schema.js';
import type { Deps } from '../deps.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import { findUserProfile } from '../repositories/user-profiles.js';

/** A CRM profile by id, of one CRM when given (for the route's policy check). */
export const findCrmProfile = (
  deps: Pick<Deps, 'db'>,
  id: number,
  crm?: CrmType,
): Promise<UserProfileRecord | undefined> => findUserProfile(deps.db, id, crm);
