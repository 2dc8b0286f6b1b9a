import type { Kysely } from 'kysely';
import type { CrmSessionStore } from '../adapters/crm-session-store.js';
import type { Database } from '../db/schema.js';
import { recordApiUsage, salesforceAllocationKey } from '../repositories/api-allocations.js';
import { findSalesforceSettings } from '../repositories/salesforce-settings.js';
import { setProfileStatus, updateProfileTokens } from '../repositories/user-profiles.js';

/** The adapters' CrmSessionStore on the api's database. */
export function crmSessionStore(db: Kysely<Database>): CrmSessionStore {
  return {
    saveTokens: (userProfileId, tokens) => updateProfileTokens(db, userProfileId, tokens),
    markDisconnected: (userProfileId) => setProfileStatus(db, userProfileId, 'DISCONNECTED'),
    salesforceApp: (salesforceSettingId) => findSalesforceSettings(db, salesforceSettingId),
    recordSalesforceApiUsage: (organizationId, usage, at) =>
      recordApiUsage(db, salesforceAllocationKey(organizationId), usage, at),
  };
}
