import { useState } from 'react';
import type { Integration } from 'shared/contract';
import { validationToast } from 'shared/rules';
import { FormCard, ProfileSelect, TextField, useHost } from 'shared/ui';
import { useNotifyFailure } from '../../lib/errors';
import { useCreateUserAccount } from './api/create-user-account';
import { afterCreate, checkEndpointForm, emptyEndpointForm, SOMETHING_WENT_WRONG } from './rules';

/** The profile, Webhook URL and Description, and Create. */
export function EndpointForm({ integrations }: { integrations: Integration[] }) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const [values, setValues] = useState(emptyEndpointForm);
  const create = useCreateUserAccount({
    mutationConfig: {
      onSuccess: () => setValues(afterCreate),
      onError: (error) => notifyFailure(error, { fallback: SOMETHING_WENT_WRONG }),
    },
  });
  const submit = () => {
    const checked = checkEndpointForm(values);
    if (!checked.ok) host.notify(validationToast(checked.message));
    else create.mutate(checked.body);
  };
  const busy = create.isPending;

  return (
    <FormCard title="Add a webhook endpoint" onSubmit={submit} busy={busy}>
      <ProfileSelect integrations={integrations} value={values.userProfileId} onChange={(userProfileId) => setValues({ ...values, userProfileId })} disabled={busy} />
      <TextField label="Webhook URL" value={values.url} onChange={(url) => setValues({ ...values, url })} disabled={busy} placeholder="https://" inputMode="url" />
      <TextField label="Description" value={values.description} onChange={(description) => setValues({ ...values, description })} disabled={busy} />
    </FormCard>
  );
}
