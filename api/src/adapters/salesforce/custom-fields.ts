import { z } from 'zod';
import {
  OS_PROPERTIES,
  salesforceFieldMetadata,
  salesforceFieldName,
} from '../../records/os-properties.js';
import type { SalesforceConnection } from './request.js';
import { salesforceAnswer } from './request.js';
import { querySalesforce, soqlString } from './soql.js';

/** One custom field the product keeps its activity in (the same os_ properties it keeps on HubSpot contacts). */
export interface SalesforceCustomFieldSpec {
  /** API name, ending in __c. */
  name: string;
  label: string;
  /** The tooling API's CustomField Metadata besides the label. */
  metadata: {
    type: 'Text' | 'LongTextArea' | 'Number' | 'DateTime' | 'Checkbox';
    length?: number;
    precision?: number;
    scale?: number;
    visibleLines?: number;
    defaultValue?: string;
    externalId?: boolean;
    unique?: boolean;
  };
}

/** The custom fields "Create Fields" made before the CRM writers (kept: orgs may hold them). */
const EARLIER_CUSTOM_FIELDS: readonly SalesforceCustomFieldSpec[] = [
  {
    name: 'os_sales_engagement_platform__c',
    label: 'Sales Engagement Platform',
    metadata: { type: 'Text', length: 255 },
  },
  { name: 'os_last_sent_at__c', label: 'Last Sent At', metadata: { type: 'DateTime' } },
  {
    name: 'os_last_reply_message__c',
    label: 'Last Reply Message',
    metadata: { type: 'LongTextArea', length: 32768, visibleLines: 5 },
  },
  {
    name: 'os_last_lead_category_id__c',
    label: 'Last Lead Category ID',
    metadata: { type: 'Text', length: 255 },
  },
  {
    name: 'os_last_lead_category_name__c',
    label: 'Last Lead Category Name',
    metadata: { type: 'Text', length: 255 },
  },
  {
    name: 'os_number_of_opens__c',
    label: 'Number of Opens',
    metadata: { type: 'Number', precision: 18, scale: 0 },
  },
  {
    name: 'os_last_sequence_step__c',
    label: 'Last Sequence Step',
    metadata: { type: 'Number', precision: 18, scale: 0 },
  },
  {
    name: 'os_last_connection_status__c',
    label: 'Last Connection Status',
    metadata: { type: 'Text', length: 255 },
  },
  {
    name: 'os_last_social_reply__c',
    label: 'Last Social Reply',
    metadata: { type: 'LongTextArea', length: 32768, visibleLines: 5 },
  },
  {
    name: 'os_objectlookup_id__c',
    label: 'Object Lookup ID',
    metadata: { type: 'Text', length: 255 },
  },
];

/**
 * The product's custom fields, created on each object chosen in the webhook form ("Create Fields"): the
 * earlier ones and every os_ property the CRM writers write (records/os-properties.ts).
 */
export const SALESFORCE_CUSTOM_FIELDS: readonly SalesforceCustomFieldSpec[] = [
  ...EARLIER_CUSTOM_FIELDS,
  ...OS_PROPERTIES.filter(
    (property) =>
      !EARLIER_CUSTOM_FIELDS.some((field) => field.name === salesforceFieldName(property.name)),
  ).map((property) => ({
    name: salesforceFieldName(property.name),
    label: property.label,
    metadata: salesforceFieldMetadata(property),
  })),
];

/**
 * The field an activity (Task, EmailMessage) carries its event's key in: an external id, unique, so the
 * writers upsert by it and a second run of an event updates the record the first run made.
 */
export const SALESFORCE_EVENT_KEY_FIELD: SalesforceCustomFieldSpec = {
  name: 'os_event_id__c',
  label: 'CRM Sync Event ID',
  metadata: { type: 'Text', length: 255, externalId: true, unique: true },
};

/** The objects the writers log activities on, which get the event key field from "Create Fields". */
export const SALESFORCE_ACTIVITY_OBJECTS = ['Task', 'EmailMessage'] as const;

/** What "Create Fields" makes for these objects: the product's fields on each, the event key on the activities. */
export const customFieldsToCreate = (
  objects: readonly string[],
): { objectName: string; field: SalesforceCustomFieldSpec }[] => [
  ...objects.flatMap((objectName) =>
    SALESFORCE_CUSTOM_FIELDS.map((field) => ({ objectName, field })),
  ),
  ...SALESFORCE_ACTIVITY_OBJECTS.map((objectName) => ({
    objectName,
    field: SALESFORCE_EVENT_KEY_FIELD,
  })),
];

export interface CustomFieldsResult {
  /** Fields created now. */
  created: number;
  /** Fields that were there already (DUPLICATE_VALUE: treated as done). */
  existing: number;
  /** Field permissions granted now or already granted. */
  granted: number;
  /** "Lead.os_x__c: ERROR_CODE message" for each field Salesforce refused, at most 10. */
  failures: string[];
  failed: number;
}

const created = z.object({ id: z.string().optional(), success: z.boolean().optional() }).loose();
const permissionSetRecord = z.object({ Id: z.string() });

/** Whether the org has this permission set. */
export async function salesforcePermissionSetExists(
  connection: SalesforceConnection,
  permissionSetId: string,
): Promise<boolean> {
  const sets = await querySalesforce(
    connection,
    'reading the permission set',
    `SELECT Id FROM PermissionSet WHERE Id = ${soqlString(permissionSetId)}`,
    permissionSetRecord,
  );
  return sets.length > 0;
}

/**
 * Creates the product's custom fields on each object (tooling CustomField) and grants read and edit
 * on them to the permission set (FieldPermissions). Fields and grants that exist already count as done;
 * Salesforce refusing one is recorded and the rest go on.
 */
export async function createSalesforceCustomFields(
  connection: SalesforceConnection,
  objects: readonly string[],
  permissionSetId: string,
): Promise<CustomFieldsResult> {
  const result: CustomFieldsResult = {
    created: 0,
    existing: 0,
    granted: 0,
    failures: [],
    failed: 0,
  };
  const fail = (text: string) => {
    result.failed += 1;
    if (result.failures.length < 10) result.failures.push(text);
  };
  for (const { objectName, field } of customFieldsToCreate(objects)) {
    const fullName = `${objectName}.${field.name}`;
    const creation = await salesforceAnswer(
      connection,
      {
        action: `creating the custom field ${fullName}`,
        path: '/tooling/sobjects/CustomField',
        method: 'POST',
        body: { FullName: fullName, Metadata: { label: field.label, ...field.metadata } },
      },
      created,
    );
    if (creation.ok) result.created += 1;
    else if (
      creation.errorCode === 'DUPLICATE_VALUE' ||
      creation.errorCode === 'DUPLICATE_DEVELOPER_NAME'
    )
      result.existing += 1;
    else {
      fail(`${fullName}: ${creation.errorCode} ${creation.message}`.trim());
      continue;
    }
    const grant = await salesforceAnswer(
      connection,
      {
        action: `granting access to ${fullName}`,
        path: '/sobjects/FieldPermissions',
        method: 'POST',
        body: {
          ParentId: permissionSetId,
          SobjectType: objectName,
          Field: fullName,
          PermissionsRead: true,
          PermissionsEdit: true,
        },
      },
      created,
    );
    if (grant.ok || grant.errorCode === 'DUPLICATE_VALUE') result.granted += 1;
    else fail(`${fullName} (permission): ${grant.errorCode} ${grant.message}`.trim());
  }
  return result;
}
