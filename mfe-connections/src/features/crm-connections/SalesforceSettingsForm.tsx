import { useState } from 'react';
import { checkSalesforceSettings, validationToast, type SalesforceSettingsValues } from 'shared/rules';
import { FormCard, TextField, useHost } from 'shared/ui';
import { useNotifyFailure } from '../../lib/errors';
import { useCreateSalesforceSettings } from './api/create-salesforce-settings';

const empty: SalesforceSettingsValues = { domain: '', consumer_key: '', consumer_secret: '' };

/** Domain, Consumer Key and Consumer Secret, and Create (spec §5 "SALESFORCE settings create"). */
export function SalesforceSettingsForm() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const [values, setValues] = useState(empty);
  const create = useCreateSalesforceSettings({
    mutationConfig: {
      onSuccess: () => setValues(empty),
      onError: (error) => notifyFailure(error),
    },
  });
  const submit = () => {
    const checked = checkSalesforceSettings(values);
    if (!checked.ok) host.notify(validationToast(checked.message));
    else create.mutate(checked.body);
  };
  const busy = create.isPending;
  const set = (field: keyof SalesforceSettingsValues) => (value: string) => setValues({ ...values, [field]: value });

  return (
    <FormCard title="Add Salesforce settings" description="The My Domain of your org and the consumer key and secret of its connected app." onSubmit={submit} busy={busy}>
      <TextField label="Domain" value={values.domain} onChange={set('domain')} disabled={busy} placeholder="acme.my.salesforce.com" autoComplete="off" />
      <TextField label="Consumer Key" value={values.consumer_key} onChange={set('consumer_key')} disabled={busy} autoComplete="off" spellCheck={false} />
      <TextField label="Consumer Secret" type="password" value={values.consumer_secret} onChange={set('consumer_secret')} disabled={busy} autoComplete="new-password" />
    </FormCard>
  );
}
