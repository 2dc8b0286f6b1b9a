import type { ResponseOf } from 'shared/contract';
import {
  searchHubSpotLists,
  withFreshToken as withHubSpotToken,
} from '../adapters/hubspot/index.js';
import {
  fetchSalesforceListFields,
  fetchSalesforceLists,
  fetchSalesforceObjectFields,
  fetchSalesforcePermissionSets,
  withFreshToken as withSalesforceToken,
} from '../adapters/salesforce/index.js';
import type { Deps } from '../deps.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import { contactProperties } from './contact-properties.js';
import { invalid, notFound } from './domain-errors.js';

/** The object whose fields GET …/crm-properties answers for a Salesforce profile without ?type= (spec §9: the first object option, CONTACT). */
export const DEFAULT_SALESFORCE_OBJECT = 'Contact';

export const hubspotListsOf = (deps: Deps, profile: UserProfileRecord) =>
  withHubSpotToken(deps, profile, (connection) => searchHubSpotLists(connection));

/** A HubSpot profile's contact properties, or a Salesforce object's fields (Contact unless `type` says). */
export async function crmPropertiesOf(
  deps: Deps,
  profile: UserProfileRecord,
  type: string | undefined,
): Promise<ResponseOf<'listCrmProperties'>> {
  if (profile.crm === 'HUBSPOT') return contactProperties(deps, profile);
  const objectName = type ?? DEFAULT_SALESFORCE_OBJECT;
  const fields = await withSalesforceToken(deps, profile, (connection) =>
    fetchSalesforceObjectFields(connection, objectName),
  );
  if (fields === null)
    throw invalid(`Invalid query: type: Salesforce has no object named ${objectName}`, {
      type: `Salesforce has no object named ${objectName}`,
    });
  return fields;
}

export const salesforceListsOf = (deps: Deps, profile: UserProfileRecord) =>
  withSalesforceToken(deps, profile, fetchSalesforceLists);

export async function salesforceReportFieldsOf(
  deps: Deps,
  profile: UserProfileRecord,
  reportId: string,
): Promise<ResponseOf<'listSalesforceReportFields'>> {
  const fields = await withSalesforceToken(deps, profile, (connection) =>
    fetchSalesforceListFields(connection, reportId),
  );
  if (fields === null) throw notFound('Salesforce report or list view not found');
  return fields;
}

export const salesforcePermissionSetsOf = (deps: Deps, profile: UserProfileRecord) =>
  withSalesforceToken(deps, profile, fetchSalesforcePermissionSets);
