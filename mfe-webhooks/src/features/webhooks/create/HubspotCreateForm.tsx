import { useState } from 'react';
import type { Integration } from 'shared/contract';
import { validationToast } from 'shared/rules';
import { FormCard, useForm, useHost } from 'shared/ui';
import { HubspotWebhookInputs } from './HubspotWebhookInputs';
import { useCreateWebhook } from './use-create-webhook';
import { useGenerateWebhookCode } from './use-generate-webhook-code';
import { useHubspotWebhookLookups } from './use-hubspot-webhook-lookups';
import {
  emptyHubspotWebhookForm,
  hubspotWebhookCreateForm,
  hubspotWebhookWarning,
  regeneratesCode,
  type HubspotWebhookFormChange,
} from 'shared/rules/webhooks';

function HubspotCreateFormBody({
  integration,
  onCreated,
}: {
  integration: Integration;
  onCreated: () => void;
}) {
  const host = useHost();
  const { state, dispatch, check } = useForm(
    hubspotWebhookCreateForm,
    emptyHubspotWebhookForm(integration.id),
  );
  const lookups = useHubspotWebhookLookups(
    { profileId: integration.id, ownerUserId: integration.user.ownerUserId },
    state,
    dispatch,
  );
  const code = useGenerateWebhookCode((generated, webhookUrl) =>
    dispatch({ kind: 'codeGenerated', code: generated, webhookUrl }),
  );
  const create = useCreateWebhook(onCreated);

  const change = (formChange: HubspotWebhookFormChange) => {
    dispatch(formChange);
    if (regeneratesCode(formChange)) code.generate();
  };
  const submit = () => {
    const body = check();
    if (!body) return;
    const warning = hubspotWebhookWarning(state);
    if (warning) host.notify(validationToast(warning));
    create.mutate({ body });
  };

  return (
    <FormCard
      title="Create a webhook"
      onSubmit={submit}
      busy={create.isPending || code.pending}
      submitLabel="Create Webhook"
    >
      <HubspotWebhookInputs
        state={state}
        dispatch={change}
        lookups={lookups}
        disabled={create.isPending}
        reportDuplicateEndpoint
      />
    </FormCard>
  );
}

/** spec §2 "HUBSPOT create form" for one HubSpot profile; after a create it starts again, empty. */
export function HubspotCreateForm({ integration }: { integration: Integration }) {
  const [round, setRound] = useState(0);
  return (
    <HubspotCreateFormBody
      key={round}
      integration={integration}
      onCreated={() => setRound((current) => current + 1)}
    />
  );
}
