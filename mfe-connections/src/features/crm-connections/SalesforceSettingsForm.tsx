import { useOperationMutation } from 'shared/client';
import { emptySalesforceSettings, salesforceSettingsForm } from 'shared/rules';
import { FormCard, SecretField, TextField, useForm, useHost, useNotifyFailure } from 'shared/ui';
import { settingsCreatedToast, withCreatedSettings } from './rules';

/** Domain, Consumer Key and Consumer Secret, and Create (spec §5 "SALESFORCE settings create"). */
export function SalesforceSettingsForm() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const { state, dispatch, check } = useForm(salesforceSettingsForm, emptySalesforceSettings);
  const create = useOperationMutation('createSalesforceSettings', {
    update: [{ query: 'listSalesforceSettings', apply: withCreatedSettings }],
    onSuccess: (created) => {
      dispatch({ kind: 'saved' });
      host.notify(settingsCreatedToast(created));
    },
    onError: (error) => notifyFailure(error),
  });
  const submit = () => {
    const body = check();
    if (body) create.mutate({ body });
  };
  const busy = create.isPending;
  return (
    <FormCard
      title="Add Salesforce settings"
      description="The My Domain of your org and the consumer key and secret of its connected app."
      onSubmit={submit}
      busy={busy}
    >
      <TextField
        label="Domain"
        value={state.domain}
        onChange={(value) => dispatch({ field: 'domain', value })}
        disabled={busy}
        placeholder="acme.my.salesforce.com"
        autoComplete="off"
      />
      <TextField
        label="Consumer Key"
        value={state.consumer_key}
        onChange={(value) => dispatch({ field: 'consumer_key', value })}
        disabled={busy}
        autoComplete="off"
        spellCheck={false}
      />
      <SecretField
        label="Consumer Secret"
        value={state.consumer_secret}
        onChange={(value) => dispatch({ field: 'consumer_secret', value })}
        disabled={busy}
        autoComplete="new-password"
      />
    </FormCard>
  );
}
