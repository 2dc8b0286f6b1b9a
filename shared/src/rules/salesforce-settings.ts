import type { SalesforceSettingsCreate } from '../contract/index.js';

/** spec §5 "SALESFORCE settings create": the texts, in the order they are checked. */
export const salesforceSettingsMessages = {
  domain: 'Domain is required',
  consumerKey: 'Consumer key is required',
  consumerSecret: 'Consumer secret is required',
} as const;

/** spec §5: a domain not starting with https:// gets that prefix added. */
export const withHttps = (domain: string): string => (domain.startsWith('https://') ? domain : `https://${domain}`);

export interface SalesforceSettingsValues {
  domain: string;
  consumer_key: string;
  consumer_secret: string;
}

export type SalesforceSettingsCheck = { ok: true; body: SalesforceSettingsCreate } | { ok: false; field: keyof SalesforceSettingsValues; message: string };

/**
 * The SALESFORCE settings form checked as spec §5 says: values trimmed, the three required texts in
 * order, https:// added to the domain. On success, the body of POST /api/admin/salesforce/profiles.
 */
export function checkSalesforceSettings(values: SalesforceSettingsValues): SalesforceSettingsCheck {
  const domain = values.domain.trim();
  const consumerKey = values.consumer_key.trim();
  const consumerSecret = values.consumer_secret.trim();
  if (domain === '') return { ok: false, field: 'domain', message: salesforceSettingsMessages.domain };
  if (consumerKey === '') return { ok: false, field: 'consumer_key', message: salesforceSettingsMessages.consumerKey };
  if (consumerSecret === '') return { ok: false, field: 'consumer_secret', message: salesforceSettingsMessages.consumerSecret };
  return { ok: true, body: { domain: withHttps(domain), consumer_key: consumerKey, consumer_secret: consumerSecret } };
}
