import {
  readHubSpotListMemberIds,
  readHubSpotRecords,
  withFreshToken as withHubSpotToken,
} from '../adapters/hubspot/index.js';
import {
  readSalesforceListRecords,
  withFreshToken as withSalesforceToken,
} from '../adapters/salesforce/index.js';
import { hubspotSlots } from '../providers/hubspot-limits.js';
import { waitForRateSlots } from '../providers/pacing.js';
import type { Deps } from '../deps.js';
import { providerRefused } from '../providers/provider-http.js';
import type { BlockListRecord } from '../repositories/block-lists.js';
import { findUserProfile } from '../repositories/user-profiles.js';
import type { CrmMember } from './entries.js';

/** How a sync waits for its turns: up to `maxWaitMs` in the run (longer: the job goes back to the queue until then). */
export interface SyncPacing {
  maxWaitMs: number;
  /** Tests pass one that moves their fake clock. */
  sleep?: (ms: number) => Promise<void>;
}

/** The fields whose values become entries: profile URL fields (heyreach), the chosen Salesforce fields, or the email / company domain. */
export function entryFieldsOf(
  list: Pick<BlockListRecord, 'crm' | 'listType' | 'fields' | 'profileUrlFieldNames' | 'apiKey'>,
): string[] {
  if (list.apiKey.platform === 'heyreach') return list.profileUrlFieldNames;
  if (list.crm === 'SALESFORCE') return list.fields;
  return list.listType === 'COMPANY_LIST' ? ['domain', 'website'] : ['email'];
}

/**
 * The CRM list's members with the fields the entries come from: HubSpot memberships page by page, then
 * the records 100 at a time (paced at the account's limit, shared with the CRM writers); Salesforce list
 * view results or report rows.
 */
export async function readCrmList(
  deps: Deps,
  list: BlockListRecord,
  pacing: SyncPacing,
): Promise<CrmMember[]> {
  const profile = await findUserProfile(deps.db, list.userProfileId);
  if (!profile)
    providerRefused(
      list.crm === 'HUBSPOT' ? 'HubSpot' : 'Salesforce',
      'The CRM profile of this block list is gone',
    );
  const fields = entryFieldsOf(list);
  if (list.crm === 'SALESFORCE')
    return withSalesforceToken(deps, profile, (connection) =>
      readSalesforceListRecords(connection, list.listId, fields),
    );
  const objectType = list.listType === 'COMPANY_LIST' ? 'companies' : 'contacts';
  const properties =
    list.apiKey.platform === 'heyreach' && objectType === 'contacts'
      ? [...new Set([...fields, 'firstname', 'lastname'])]
      : fields;
  const pace = () =>
    waitForRateSlots(deps, 'HubSpot', hubspotSlots(profile.organizationId, 'request'), pacing);
  return withHubSpotToken(deps, profile, async (connection) => {
    const ids = await readHubSpotListMemberIds(connection, list.listId, pace);
    return readHubSpotRecords(connection, objectType, ids, properties, pace);
  });
}
