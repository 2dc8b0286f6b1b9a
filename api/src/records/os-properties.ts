/**
 * The product's own CRM properties (the issue "Events become CRM records"): one catalogue for the
 * HubSpot contact properties the writer creates when missing (group `os_sync`) and the Salesforce
 * custom fields ("Create Fields", `<name>__c`) it writes on the objects chosen in Custom Field Objects.
 */
export type OsPropertyKind = 'text' | 'long-text' | 'number' | 'datetime' | 'boolean';

export interface OsPropertySpec {
  name: string;
  label: string;
  kind: OsPropertyKind;
}

export const OS_PROPERTIES = [
  { name: 'os_sales_engagement_platform', label: 'Sales Engagement Platform', kind: 'text' },
  { name: 'os_last_sent_at', label: 'Last Sent At', kind: 'datetime' },
  { name: 'os_last_sequence_step', label: 'Last Sequence Step', kind: 'number' },
  { name: 'os_campaign_name', label: 'Campaign Name', kind: 'text' },
  { name: 'os_open_count', label: 'Open Count', kind: 'number' },
  { name: 'os_last_open_at', label: 'Last Open At', kind: 'datetime' },
  { name: 'os_click_count', label: 'Click Count', kind: 'number' },
  { name: 'os_last_click_at', label: 'Last Click At', kind: 'datetime' },
  { name: 'os_last_reply_at', label: 'Last Reply At', kind: 'datetime' },
  { name: 'os_last_reply_message', label: 'Last Reply Message', kind: 'long-text' },
  { name: 'os_bounced', label: 'Bounced', kind: 'boolean' },
  { name: 'os_unsubscribed', label: 'Unsubscribed', kind: 'boolean' },
  { name: 'os_lead_category_id', label: 'Lead Category ID', kind: 'text' },
  { name: 'os_lead_category_name', label: 'Lead Category Name', kind: 'text' },
  { name: 'os_last_connection_status', label: 'Last Connection Status', kind: 'text' },
  { name: 'os_last_connection_at', label: 'Last Connection At', kind: 'datetime' },
  { name: 'os_last_social_reply', label: 'Last Social Reply', kind: 'long-text' },
  { name: 'os_last_social_activity', label: 'Last Social Activity', kind: 'text' },
  { name: 'os_last_social_activity_at', label: 'Last Social Activity At', kind: 'datetime' },
  { name: 'os_objectlookup_id', label: 'Object Lookup ID', kind: 'text' },
  // the last event that raised the counters (crm-writers/counted-event.ts)
  { name: 'os_counted_event', label: 'Counted Event', kind: 'text' },
] as const satisfies readonly OsPropertySpec[];

export type OsPropertyName = (typeof OS_PROPERTIES)[number]['name'];

/** A value the writers put in an os_ property; the CRM writers turn it into the CRM's own form. */
export type OsValue = string | number | boolean;

export const osProperty = (name: OsPropertyName): OsPropertySpec =>
  OS_PROPERTIES.find((property) => property.name === name)!;

/** The property group the HubSpot writer creates its properties in. */
export const HUBSPOT_OS_GROUP = { name: 'os_sync', label: 'CRM Sync' } as const;

/** HubSpot property definition (POST /crm/v3/properties/contacts) of an os_ property. */
export function hubspotPropertyDefinition(spec: OsPropertySpec) {
  const types: Record<OsPropertyKind, { type: string; fieldType: string }> = {
    text: { type: 'string', fieldType: 'text' },
    'long-text': { type: 'string', fieldType: 'textarea' },
    number: { type: 'number', fieldType: 'number' },
    datetime: { type: 'datetime', fieldType: 'date' },
    boolean: { type: 'bool', fieldType: 'booleancheckbox' },
  };
  return {
    name: spec.name,
    label: spec.label,
    groupName: HUBSPOT_OS_GROUP.name,
    description: 'Written by CRM Sync from sales-engagement events.',
    ...types[spec.kind],
    ...(spec.kind === 'boolean'
      ? {
          options: [
            { label: 'Yes', value: 'true', displayOrder: 0, hidden: false },
            { label: 'No', value: 'false', displayOrder: 1, hidden: false },
          ],
        }
      : {}),
  };
}

/** Salesforce tooling CustomField Metadata (besides the label) of an os_ property. */
export function salesforceFieldMetadata(spec: OsPropertySpec): {
  type: 'Text' | 'LongTextArea' | 'Number' | 'DateTime' | 'Checkbox';
  length?: number;
  precision?: number;
  scale?: number;
  visibleLines?: number;
  defaultValue?: string;
} {
  switch (spec.kind) {
    case 'text':
      return { type: 'Text', length: 255 };
    case 'long-text':
      return { type: 'LongTextArea', length: 32768, visibleLines: 5 };
    case 'number':
      return { type: 'Number', precision: 18, scale: 0 };
    case 'datetime':
      return { type: 'DateTime' };
    case 'boolean':
      return { type: 'Checkbox', defaultValue: 'false' };
  }
}

/** The Salesforce API name of an os_ property: `os_open_count` → `os_open_count__c`. */
export const salesforceFieldName = (name: string): string => `${name}__c`;
