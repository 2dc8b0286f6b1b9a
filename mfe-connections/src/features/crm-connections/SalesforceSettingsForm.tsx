import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Stack } from '@chakra-ui/react';
import { checkSalesforceSettings, validationToast, type SalesforceSettingsValues } from 'shared/rules';
import { useHost } from 'shared/ui';
import { failureToast } from '../../lib/errors';
import { useCreateSalesforceSettings } from './api/create-salesforce-settings';

const empty: SalesforceSettingsValues = { domain: '', consumer_key: '', consumer_secret: '' };

/** Domain, Consumer Key and Consumer Secret, and Create (spec §5 "SALESFORCE settings create"). */
export function SalesforceSettingsForm() {
  const host = useHost();
  const [values, setValues] = useState(empty);
  const create = useCreateSalesforceSettings({
    mutationConfig: {
      onSuccess: () => setValues(empty),
      onError: (error) => {
        const toast = failureToast(error);
        if (toast) host.notify(toast);
      },
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSalesforceSettings(values);
    if (!checked.ok) host.notify(validationToast(checked.message));
    else create.mutate(checked.body);
  };
  const busy = create.isPending;
  const set = (field: keyof SalesforceSettingsValues) => (event: { currentTarget: HTMLInputElement }) => setValues({ ...values, [field]: event.currentTarget.value });

  return (
    <Card.Root maxW="xl" size="sm">
      <Card.Header>
        <Card.Title as="h2">Add Salesforce settings</Card.Title>
        <Card.Description>The My Domain of your org and the consumer key and secret of its connected app.</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Add Salesforce settings">
          <Stack gap="3">
            <Field.Root disabled={busy}>
              <Field.Label>Domain</Field.Label>
              <Input value={values.domain} onChange={set('domain')} placeholder="acme.my.salesforce.com" autoComplete="off" />
            </Field.Root>
            <Field.Root disabled={busy}>
              <Field.Label>Consumer Key</Field.Label>
              <Input value={values.consumer_key} onChange={set('consumer_key')} autoComplete="off" spellCheck={false} />
            </Field.Root>
            <Field.Root disabled={busy}>
              <Field.Label>Consumer Secret</Field.Label>
              <Input type="password" value={values.consumer_secret} onChange={set('consumer_secret')} autoComplete="new-password" />
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
