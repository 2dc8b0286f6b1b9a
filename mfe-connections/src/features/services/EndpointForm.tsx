import { useOperationMutation } from 'shared/client';
import type { Integration } from 'shared/contract';
import { emptyWebhookEndpointForm, webhookEndpointForm } from 'shared/rules';
import { FormCard, ProfileSelect, TextField, useForm, useHost, useNotifyFailure } from 'shared/ui';
import { endpointCreatedToast, withCreatedAccount } from './rules';

/** The profile, Webhook URL and Description, and Create. */
export function EndpointForm({ integrations }: { integrations: Integration[] }) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const { state, dispatch, check } = useForm(webhookEndpointForm, emptyWebhookEndpointForm);
  const create = useOperationMutation('createUserAccount', {
    update: [{ query: 'listUserAccounts', apply: withCreatedAccount }],
    // a profile's integration lists its endpoints
    invalidates: ['listUserIntegrations', 'listOrganizationIntegrations'],
    onSuccess: (created) => {
      dispatch({ kind: 'created' });
      host.notify(endpointCreatedToast(created));
    },
    // spec §8: an exception says "Something went wrong" (the failure toast's fallback)
    onError: (error) => notifyFailure(error),
  });
  const submit = () => {
    const body = check();
    if (body) create.mutate({ body });
  };
  const busy = create.isPending;
  return (
    <FormCard title="Add a webhook endpoint" onSubmit={submit} busy={busy}>
      <ProfileSelect
        integrations={integrations}
        value={state.userProfileId}
        onChange={(value) => dispatch({ field: 'userProfileId', value })}
        disabled={busy}
      />
      <TextField
        label="Webhook URL"
        value={state.url}
        onChange={(value) => dispatch({ field: 'url', value })}
        disabled={busy}
        placeholder="https://"
        inputMode="url"
      />
      <TextField
        label="Description"
        value={state.description}
        onChange={(value) => dispatch({ field: 'description', value })}
        disabled={busy}
      />
    </FormCard>
  );
}
