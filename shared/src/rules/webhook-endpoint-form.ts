/** spec §5 "Webhook endpoint (user account) create": the texts, in the order they are checked. */
export const webhookEndpointMessages = {
  userProfileId: 'Select Profile',
  url: 'Fill URL',
  description: 'Fill Description',
  urlNotAccepted: 'Your webhook URL is not accepting data',
} as const;

/** A URL an endpoint can receive data on: it parses and is http(s) with a host. */
export function isAcceptingWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface WebhookEndpointFormValues {
  userProfileId: number | null | undefined;
  url: string | null | undefined;
  description: string | null | undefined;
}

export interface FormProblem<F extends string> {
  field: F;
  message: string;
}

/** The first problem of the form (spec §5 order: profile, URL, description, URL format), or null. */
export function webhookEndpointFormProblem(values: WebhookEndpointFormValues): FormProblem<'userProfileId' | 'url' | 'description'> | null {
  if (values.userProfileId === null || values.userProfileId === undefined) return { field: 'userProfileId', message: webhookEndpointMessages.userProfileId };
  const url = values.url?.trim() ?? '';
  if (url === '') return { field: 'url', message: webhookEndpointMessages.url };
  if ((values.description?.trim() ?? '') === '') return { field: 'description', message: webhookEndpointMessages.description };
  if (!isAcceptingWebhookUrl(url)) return { field: 'url', message: webhookEndpointMessages.urlNotAccepted };
  return null;
}
