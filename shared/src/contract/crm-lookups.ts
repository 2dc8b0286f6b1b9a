import { z } from 'zod';
import { MAX_ID, recordId } from './ids.js';
import { defineOperations } from './define-operations.js';

/** Reads from the connected CRM (spec §7 "Integrations and lookups"), through the api's CRM adapters. */

export const crmProfileIdParams = z.object({ id: recordId });
/** {userId} of GET /api/admin/hubspot/contacts/properties/{userId}: the HubSpot profile's id (an integration's user.id). */
export const crmProfileUserIdParams = z.object({ userId: recordId });
export const crmUserProfileIdParams = z.object({ userProfileId: recordId });

/** A Salesforce record id: 15 or 18 letters and digits. */
export const salesforceId = z
  .string()
  .regex(/^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/, 'Not a Salesforce id');
export const salesforceReportParams = z.object({ id: recordId, reportId: salesforceId });

/** A Salesforce object's API name (Lead, Contact, My_Object__c); any letter case. */
export const salesforceObjectName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,79}$/, 'Not a Salesforce object name');

/** spec §3 "HUBSPOT list". objectTypeId 0-1 is a contact list, 0-2 a company list. */
export const hubspotList = z.object({
  listId: z.string(),
  name: z.string(),
  objectTypeId: z.string(),
  /** MANUAL, DYNAMIC or SNAPSHOT. */
  processingType: z.string().nullable(),
  additionalProperties: z.object({ hs_list_size: z.string() }),
});
export type HubspotList = z.infer<typeof hubspotList>;

/** spec §3 "CRM property": a HubSpot contact property or a Salesforce field. */
export const crmProperty = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  /** The CRM's data type (HubSpot property type, Salesforce field type). */
  type: z.string(),
});
export type CrmProperty = z.infer<typeof crmProperty>;

/** ?type= of GET /api/admin/profiles/{id}/crm-properties: the Salesforce object (Contact when left out); HubSpot profiles always answer contact properties. */
export const crmPropertiesQuery = z.object({ type: salesforceObjectName.optional() });

/**
 * spec §3 "SALESFORCE list": a list view of Lead or Contact, or a report. `type` says which; the
 * fields call takes either id.
 */
export const salesforceList = z.object({
  Id: z.string(),
  Name: z.string(),
  type: z.enum(['ListView', 'Report']),
  /** The object the list holds (Lead, Contact), when known. */
  SobjectType: z.string().nullable(),
});
export type SalesforceList = z.infer<typeof salesforceList>;

/** A column of a Salesforce report or list view (the block list form's "Select fields"). */
export const salesforceListField = z.object({
  /** The report column or list view field path (e.g. EMAIL, Email, Owner.Alias). */
  name: z.string(),
  label: z.string(),
  type: z.string(),
});
export type SalesforceListField = z.infer<typeof salesforceListField>;

/** spec §3 "SALESFORCE permission": a permission set; the screen preselects the one named System Administrator. */
export const salesforcePermission = z.object({
  Id: z.string(),
  Name: z.string(),
  Label: z.string(),
});
export type SalesforcePermission = z.infer<typeof salesforcePermission>;

/** spec §3 "Owner": a HubSpot owner or a Salesforce user. */
export const crmOwner = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  name: z.string(),
});
export type CrmOwner = z.infer<typeof crmOwner>;

/** The Salesforce objects the product can add its custom fields to. */
export const salesforceCustomFieldObjects = ['Lead', 'Contact', 'Task', 'EmailMessage'] as const;

/**
 * Body of POST /api/admin/salesforce/properties: create the product's custom fields (os_…__c) on each
 * object in customFields and grant read and edit on them to the permission set permissionId.
 */
export const salesforcePropertiesCreate = z.strictObject({
  userProfileId: z.number().int().positive().max(MAX_ID),
  permissionId: salesforceId,
  customFields: z
    .array(
      z.enum(salesforceCustomFieldObjects, {
        error: `Each custom field object must be one of ${salesforceCustomFieldObjects.join(', ')}`,
      }),
    )
    .min(1, 'Objects for custom fields not selected')
    .max(salesforceCustomFieldObjects.length),
});
export type SalesforcePropertiesCreate = z.infer<typeof salesforcePropertiesCreate>;

/** success false with Salesforce's reason when a field or permission could not be created. */
export const salesforcePropertiesResult = z.object({ success: z.boolean(), message: z.string() });
export type SalesforcePropertiesResult = z.infer<typeof salesforcePropertiesResult>;

export const crmLookupOperations = defineOperations({
  listHubspotLists: {
    method: 'GET',
    path: '/api/admin/dashboard/user-profiles/{id}/hubspot-lists',
    params: crmProfileIdParams,
    response: z.array(hubspotList),
  },
  listCrmProperties: {
    method: 'GET',
    path: '/api/admin/profiles/{id}/crm-properties',
    params: crmProfileIdParams,
    query: crmPropertiesQuery,
    response: z.array(crmProperty),
  },
  listHubspotContactProperties: {
    method: 'GET',
    path: '/api/admin/hubspot/contacts/properties/{userId}',
    params: crmProfileUserIdParams,
    response: z.array(crmProperty),
  },
  listSalesforceLists: {
    method: 'GET',
    path: '/api/admin/salesforce/user-profiles/{id}/lists',
    params: crmProfileIdParams,
    response: z.array(salesforceList),
  },
  listSalesforceReportFields: {
    method: 'GET',
    path: '/api/admin/salesforce/profiles/{id}/reports/{reportId}/fields',
    params: salesforceReportParams,
    response: z.array(salesforceListField),
  },
  listSalesforcePermissions: {
    method: 'GET',
    path: '/api/admin/salesforce/permissions/{userProfileId}',
    params: crmUserProfileIdParams,
    response: z.array(salesforcePermission),
  },
  createSalesforceProperties: {
    method: 'POST',
    path: '/api/admin/salesforce/properties',
    body: salesforcePropertiesCreate,
    response: salesforcePropertiesResult,
  },
});
