/**
 * Why a CRM sign-in came back without a connection: the api sends the browser back to the CRM screen
 * with ?error=<code>, and the screen shows the fixed message of that code (never text from the URL).
 */
export const crmSignInErrorCodes = [
  'denied',
  'failed',
  'unverified',
  'noCode',
  'codeRefused',
  'providerFailed',
  'settingsGone',
  'badConsumerKey',
  'badConsumerSecret',
] as const;
export type CrmSignInError = (typeof crmSignInErrorCodes)[number];
export type CrmSignInProvider = 'hubspot' | 'salesforce';

export const crmSignInErrorMessages: Record<CrmSignInProvider, Record<CrmSignInError, string>> = {
  hubspot: {
    denied: 'HubSpot access was denied: the account was not connected',
    failed: 'HubSpot sign-in failed. Try again',
    unverified:
      'HubSpot sign-in could not be verified (it expired or was started by someone else). Start again with "Sign in with HubSpot"',
    noCode: 'HubSpot sign-in failed: HubSpot sent no code',
    codeRefused: 'HubSpot sign-in failed: HubSpot did not accept the sign-in code. Try again',
    providerFailed:
      'HubSpot failed or did not answer while finishing the sign-in. Try again in a moment',
    settingsGone: 'HubSpot sign-in failed. Try again',
    badConsumerKey: 'HubSpot sign-in failed. Try again',
    badConsumerSecret: 'HubSpot sign-in failed. Try again',
  },
  salesforce: {
    denied: 'Salesforce access was denied: the account was not connected',
    failed: 'Salesforce sign-in failed. Try again',
    unverified:
      'Salesforce sign-in could not be verified (it expired or was started by someone else). Press Connect again',
    noCode: 'Salesforce sign-in failed: Salesforce sent no code',
    codeRefused: 'Salesforce sign-in failed: Salesforce did not accept the sign-in code. Try again',
    providerFailed:
      'Salesforce failed or did not answer while finishing the sign-in. Try again in a moment',
    settingsGone: 'Salesforce sign-in failed: its settings were deleted',
    badConsumerKey: 'Salesforce did not accept the consumer key: check the settings',
    badConsumerSecret: 'Salesforce did not accept the consumer key and secret: check the settings',
  },
};

const isCode = (value: string): value is CrmSignInError =>
  (crmSignInErrorCodes as readonly string[]).includes(value);

/** The message for the ?error= of a CRM screen's address; null when there is none. An unknown code reads as a failed sign-in. */
export function crmSignInErrorMessage(provider: CrmSignInProvider, search: string): string | null {
  const code = new URLSearchParams(search).get('error');
  if (code === null || code.trim() === '') return null;
  return crmSignInErrorMessages[provider][isCode(code) ? code : 'failed'];
}
