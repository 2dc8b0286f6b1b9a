import type { SalesforceSettingsCreate } from '../contract/index.js';
import { isFieldChange, withField, type FieldChange, type FormRules } from './form.js';

/** spec §5 "SALESFORCE settings create": the texts, in the order they are checked. */
export const salesforceSettingsMessages = {
  domain: 'Domain is required',
  consumerKey: 'Consumer key is required',
  consumerSecret: 'Consumer secret is required',
} as const;

/** spec §5: a domain not starting with https:// gets that prefix added. */
export const withHttps = (domain: string): string =>
  domain.startsWith('https://') ? domain : `https://${domain}`;

/** The form's values: the same fields as the body of POST /api/admin/salesforce/profiles, so the api checks its body with the same rules. */
export type SalesforceSettingsState = SalesforceSettingsCreate;
export type SalesforceSettingsChange = FieldChange<SalesforceSettingsState> | { kind: 'saved' };

export const emptySalesforceSettings: SalesforceSettingsState = {
  domain: '',
  consumer_key: '',
  consumer_secret: '',
};

/** The SALESFORCE settings form (spec §5): values trimmed, the three required texts in order, https:// added to the domain. */
export const salesforceSettingsForm: FormRules<
  SalesforceSettingsState,
  SalesforceSettingsChange,
  SalesforceSettingsCreate,
  keyof SalesforceSettingsState
> = {
  apply: (state, change) =>
    isFieldChange(change) ? withField(state, change) : emptySalesforceSettings,
  problem: (state) => {
    if (state.domain.trim() === '')
      return { field: 'domain', message: salesforceSettingsMessages.domain };
    if (state.consumer_key.trim() === '')
      return { field: 'consumer_key', message: salesforceSettingsMessages.consumerKey };
    if (state.consumer_secret.trim() === '')
      return { field: 'consumer_secret', message: salesforceSettingsMessages.consumerSecret };
    return null;
  },
  toPayload: (state) => ({
    domain: withHttps(state.domain.trim()),
    consumer_key: state.consumer_key.trim(),
    consumer_secret: state.consumer_secret.trim(),
  }),
};
