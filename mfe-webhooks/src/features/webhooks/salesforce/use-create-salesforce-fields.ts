import { useOperationMutation } from 'shared/client';
import { isUnauthorized, validationToast } from 'shared/rules';
import { useHost } from 'shared/ui';
import {
  createFieldsFailedToast,
  createFieldsPayload,
  createFieldsProblem,
  createFieldsToast,
  type SalesforceFieldsChange,
  type SalesforceFieldsState,
} from 'shared/rules/webhooks';

/**
 * "Create Fields" (spec §4, §8): checks the objects and the permission set, then creates the fields;
 * the server's message shows (a refusal persistent), a failed request "Failed to create properties"
 * (persistent), and the fields-created flag follows the outcome.
 */
export function useCreateSalesforceFields(
  userProfileId: number,
  state: Pick<SalesforceFieldsState, 'salesforceCustomFieldObjects' | 'permissionId'>,
  dispatch: (change: SalesforceFieldsChange) => void,
) {
  const host = useHost();
  const create = useOperationMutation('createSalesforceProperties', {
    onSuccess: (result) => {
      host.notify(createFieldsToast(result));
      dispatch({ kind: 'fields-created', ok: result.success });
    },
    onError: (error) => {
      if (!isUnauthorized(error)) host.notify(createFieldsFailedToast);
      dispatch({ kind: 'fields-created', ok: false });
    },
  });
  const run = () => {
    const problem = createFieldsProblem(state);
    if (problem) host.notify(validationToast(problem.message));
    else create.mutate({ body: createFieldsPayload(userProfileId, state) });
  };
  return { run, pending: create.isPending };
}
