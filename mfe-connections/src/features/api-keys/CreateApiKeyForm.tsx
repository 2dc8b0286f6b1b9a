import { useState, type FormEvent } from 'react';
import { Button, Card, Stack } from '@chakra-ui/react';
import type { Integration } from 'shared/contract';
import { validationToast } from 'shared/rules';
import { ProfileSelect, useHost } from 'shared/ui';
import { failureToast } from '../../lib/errors';
import { useCreateApiKey } from './api/create-api-key';
import { ApiKeyInputs } from './ApiKeyInputs';
import { checkApiKeyCreate, emptyApiKeyInputs } from './rules';

/** The profile first, then Platform, API Key, Base URL (bison only), Description and Create. */
export function CreateApiKeyForm({ integrations }: { integrations: Integration[] }) {
  const host = useHost();
  const [profileId, setProfileId] = useState<number | null>(null);
  const [values, setValues] = useState(emptyApiKeyInputs);
  const create = useCreateApiKey({
    mutationConfig: {
      onSuccess: () => setValues(emptyApiKeyInputs),
      onError: (error) => {
        const toast = failureToast(error);
        if (toast) host.notify(toast);
      },
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkApiKeyCreate(values, profileId);
    if (!checked.ok) host.notify(validationToast(checked.message));
    else create.mutate(checked.body);
  };

  return (
    <Card.Root maxW="xl" size="sm">
      <Card.Header>
        <Card.Title as="h2">Add an API key</Card.Title>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Add an API key">
          <Stack gap="3">
            <ProfileSelect integrations={integrations} value={profileId} onChange={setProfileId} disabled={create.isPending} />
            <ApiKeyInputs values={values} onChange={setValues} disabled={create.isPending} />
            <Button type="submit" colorPalette="primary" alignSelf="flex-start" loading={create.isPending} loadingText="Create" spinnerPlacement="start">
              Create
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
