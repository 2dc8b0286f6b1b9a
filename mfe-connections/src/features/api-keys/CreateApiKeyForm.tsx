import type { Integration } from 'shared/contract';
import { useOperationMutation } from 'shared/client';
import { apiKeyCreateForm, emptyApiKeyForm } from 'shared/rules';
import { FormCard, ProfileSelect, useForm, useHost, useNotifyFailure } from 'shared/ui';
import { ApiKeyInputs } from './ApiKeyInputs';
import { createdKeyToast, withCreatedKey } from './rules';

/** The profile first, then Platform, API Key, Base URL (bison only), Description and Create. */
export function CreateApiKeyForm({ integrations }: { integrations: Integration[] }) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const { state, dispatch, check } = useForm(apiKeyCreateForm, emptyApiKeyForm);
  const create = useOperationMutation('createApiKey', {
    update: [
      {
        query: 'listApiKeys',
        apply: (lists, created) => withCreatedKey(lists, created, host.user.isManagerOrAdmin),
      },
    ],
    onSuccess: (created) => {
      dispatch({ kind: 'created' });
      host.notify(createdKeyToast(created));
    },
    onError: (error) => notifyFailure(error),
  });
  const submit = () => {
    const body = check();
    if (body) create.mutate({ body });
  };

  return (
    <FormCard title="Add an API key" onSubmit={submit} busy={create.isPending}>
      <ProfileSelect
        integrations={integrations}
        value={state.userProfileId}
        onChange={(value) => dispatch({ field: 'userProfileId', value })}
        disabled={create.isPending}
      />
      <ApiKeyInputs state={state} dispatch={dispatch} disabled={create.isPending} />
    </FormCard>
  );
}
