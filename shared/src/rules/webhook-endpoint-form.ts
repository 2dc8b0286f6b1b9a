import { isHttpUrl, type UserAccountCreate } from '../contract/index.js';
import { isFieldChange, withField, type FieldChange, type FormRules } from './form.js';

/** spec §5 "Webhook endpoint (user account) create": the texts, in the order they are checked. */
export const webhookEndpointMessages = {
  userProfileId: 'Select Profile',
  url: 'Fill URL',
  description: 'Fill Description',
  urlNotAccepted: 'Your webhook URL is not accepting data',
} as const;

/** The form's values: the same fields as the body of POST /api/admin/user-accounts, so the api checks its body with the same rules. */
export type WebhookEndpointFormState = UserAccountCreate;
/** `created`: after a create the form keeps its profile, ready for the next endpoint. */
export type WebhookEndpointFormChange = FieldChange<WebhookEndpointFormState> | { kind: 'created' };

export const emptyWebhookEndpointForm: WebhookEndpointFormState = {
  userProfileId: null,
  url: '',
  description: '',
};

/** The Webhook endpoint form (spec §5): profile, URL, description, then the URL's format. */
export const webhookEndpointForm: FormRules<
  WebhookEndpointFormState,
  WebhookEndpointFormChange,
  UserAccountCreate,
  keyof WebhookEndpointFormState
> = {
  apply: (state, change) =>
    isFieldChange(change)
      ? withField(state, change)
      : { ...emptyWebhookEndpointForm, userProfileId: state.userProfileId },
  problem: (state) => {
    if (state.userProfileId === null)
      return { field: 'userProfileId', message: webhookEndpointMessages.userProfileId };
    if (state.url.trim() === '') return { field: 'url', message: webhookEndpointMessages.url };
    if (state.description.trim() === '')
      return { field: 'description', message: webhookEndpointMessages.description };
    if (!isHttpUrl(state.url))
      return { field: 'url', message: webhookEndpointMessages.urlNotAccepted };
    return null;
  },
  toPayload: (state) => ({
    userProfileId: state.userProfileId,
    url: state.url.trim(),
    description: state.description.trim(),
  }),
};
