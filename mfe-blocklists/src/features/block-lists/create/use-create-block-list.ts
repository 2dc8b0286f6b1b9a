import { useOperationMutation } from 'shared/client';
import { PERSISTENT } from 'shared/rules';
import { useHost, useNotifyFailure } from 'shared/ui';
import { startedBlockingToast, withCreatedBlockList } from '../table/rules';

/**
 * POST of a create form (HUBSPOT or SALESFORCE): the block list joins the table, "Started blocking
 * {list id} {list name}", then `onCreated` (the form starts again); a failure stays until dismissed.
 */
export function useCreateBlockList(
  operation: 'createHubspotBlockList' | 'createSalesforceBlockList',
  onCreated: () => void,
) {
  const { notify } = useHost();
  const notifyFailure = useNotifyFailure();
  return useOperationMutation(operation, {
    update: [{ query: 'listBlockLists', apply: withCreatedBlockList }],
    onSuccess: (created) => {
      onCreated();
      notify(startedBlockingToast(created));
    },
    onError: (error) => notifyFailure(error, { life: PERSISTENT }),
  });
}
