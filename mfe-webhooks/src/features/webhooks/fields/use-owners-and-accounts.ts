import { useOperationQuery } from 'shared/client';
import type { CrmOwner, CrmType, WebhookUserAccount } from 'shared/contract';
import { useFailureToast } from '../use-failure-toast';

const none: never[] = [];

/**
 * The profile's CRM owners ("Select owner") and its webhook endpoints (Additional Endpoints), from the
 * call of its CRM; a failure toasts (spec §8). Until they come (or if they do not), `storedAccounts`
 * (a webhook's, as the list gave them) stand for the endpoints.
 */
export function useOwnersAndAccounts(
  crm: CrmType,
  userProfileId: number,
  storedAccounts: WebhookUserAccount[] = none,
): { owners: CrmOwner[]; accounts: WebhookUserAccount[] } {
  const params = { params: { userId: userProfileId } };
  const salesforce = useOperationQuery('getSalesforceUserAccounts', params, {
    enabled: crm === 'SALESFORCE',
  });
  const hubspot = useOperationQuery('getHubspotOwnersAndUserAccounts', params, {
    enabled: crm !== 'SALESFORCE',
  });
  const { data, error } = crm === 'SALESFORCE' ? salesforce : hubspot;
  useFailureToast(error);
  return { owners: data?.owners ?? none, accounts: data?.userAccounts ?? storedAccounts };
}
