import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Stack } from '@chakra-ui/react';
import type { Integration } from 'shared/contract';
import { validationToast } from 'shared/rules';
import { ProfileSelect, useHost } from 'shared/ui';
import { failureToast } from '../../lib/errors';
import { useCreateUserAccount } from './api/create-user-account';
import { afterCreate, checkEndpointForm, emptyEndpointForm, SOMETHING_WENT_WRONG } from './rules';

/** The profile, Webhook URL and Description, and Create. */
export function EndpointForm({ integrations }: { integrations: Integration[] }) {
  const host = useHost();
  const [values, setValues] = useState(emptyEndpointForm);
  const create = useCreateUserAccount({
    mutationConfig: {
      onSuccess: () => setValues(afterCreate),
      onError: (error) => {
        const toast = failureToast(error, { fallback: SOMETHING_WENT_WRONG });
        if (toast) host.notify(toast);
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEndpointForm(values);
    if (!checked.ok) host.notify(validationToast(checked.message));
    else create.mutate(checked.body);
  };
  const busy = create.isPending;

  return (
    <Card.Root maxW="xl" size="sm">
      <Card.Header>
        <Card.Title as="h2">Add a webhook endpoint</Card.Title>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Add a webhook endpoint">
          <Stack gap="3">
            <ProfileSelect integrations={integrations} value={values.userProfileId} onChange={(userProfileId) => setValues({ ...values, userProfileId })} disabled={busy} />
            <Field.Root disabled={busy}>
              <Field.Label>Webhook URL</Field.Label>
              <Input value={values.url} onChange={(event) => setValues({ ...values, url: event.currentTarget.value })} placeholder="https://" inputMode="url" />
            </Field.Root>
            <Field.Root disabled={busy}>
              <Field.Label>Description</Field.Label>
              <Input value={values.description} onChange={(event) => setValues({ ...values, description: event.currentTarget.value })} />
            </Field.Root>
            <Button type="submit" colorPalette="primary" alignSelf="flex-start" loading={busy} loadingText="Create" spinnerPlacement="start">
              Create
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
