import type { UserAccount, UserAccountCreate } from 'shared/contract';
import { webhookEndpointFormProblem } from 'shared/rules';

/** spec §8 "Webhook endpoint creation exception". */
export const SOMETHING_WENT_WRONG = 'Something went wrong';

export interface EndpointFormValues {
  userProfileId: number | null;
  url: string;
  description: string;
}

export const emptyEndpointForm: EndpointFormValues = { userProfileId: null, url: '', description: '' };

export type EndpointCheck = { ok: true; body: UserAccountCreate } | { ok: false; message: string };

/**
 * spec §5 "Webhook endpoint (user account) create" (the shared rule, also the server's): "Select
 * Profile", "Fill URL", "Fill Description", then "Your webhook URL is not accepting data". On success,
 * the trimmed body of POST /api/admin/user-accounts.
 */
export function checkEndpointForm(values: EndpointFormValues): EndpointCheck {
  const problem = webhookEndpointFormProblem(values);
  if (problem) return { ok: false, message: problem.message };
  return { ok: true, body: { userProfileId: values.userProfileId, url: values.url.trim(), description: values.description.trim() } };
}

/** After a create the form keeps its profile, ready for the next endpoint. */
export const afterCreate = (values: EndpointFormValues): EndpointFormValues => ({ ...emptyEndpointForm, userProfileId: values.userProfileId });

export const withCreatedAccount = (accounts: readonly UserAccount[], created: UserAccount): UserAccount[] => [...accounts, created];

export const withoutAccount = (accounts: readonly UserAccount[], id: number): UserAccount[] => accounts.filter((account) => account.id !== id);

/** spec §6: deletion only where canDelete is true. */
export const canDelete = (account: Pick<UserAccount, 'canDelete'>): boolean => account.canDelete;

/** The delete confirmation's question (spec §8 "Do you want to delete ...?"). */
export const deleteQuestion = (account: Pick<UserAccount, 'url'>): string => `Do you want to delete the endpoint ${account.url}?`;
