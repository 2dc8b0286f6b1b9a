import { useState } from 'react';
import type { Integration } from 'shared/contract';
import { validationToast } from 'shared/rules';
import { FormCard, ProfileSelect, useHost } from 'shared/ui';
import { useNotifyFailure } from '../../lib/errors';
import { useCreateApiKey } from './api/create-api-key';
import { ApiKeyInputs } from './ApiKeyInputs';
import { checkApiKeyCreate, emptyApiKeyInputs } from './rules';

/** The profile first, then Platform, API Key, Base URL (bison only), Description and Create. */
export function CreateApiKeyForm({ integrations }: { integrations: Integration[] }) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const [profileId, setProfileId] = useState<number | null>(null);
  const [values, setValues] = useState(emptyApiKeyInputs);
  const create = useCreateApiKey({
    mutationConfig: {
      onSuccess: () => setValues(emptyApiKeyInputs),
      onError: (error) => notifyFailure(error),
    },
  });

  const submit = () => {
    const checked = checkApiKeyCreate(values, profileId);
    if (!checked.ok) host.notify(validationToast(checked.message));
    else create.mutate(checked.body);
  };

  return (
    <FormCard title="Add an API key" onSubmit={submit} busy={create.isPending}>
      <ProfileSelect integrations={integrations} value={profileId} onChange={setProfileId} disabled={create.isPending} />
      <ApiKeyInputs values={values} onChange={setValues} disabled={create.isPending} />
    </FormCard>
  );
}
