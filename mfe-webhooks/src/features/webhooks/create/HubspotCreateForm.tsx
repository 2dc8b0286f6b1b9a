import { useRef, useState } from 'react';
import { useOperationMutation } from 'shared/client';
import type { Integration } from 'shared/contract';
import { emptyHubspotWebhookForm, hubspotWebhookCreateForm, hubspotWebhookWarning, PERSISTENT, regeneratesCode, validationToast, webhookUrlOf, type HubspotWebhookFormChange } from 'shared/rules';
import { FormCard, useForm, useHost, useNotifyFailure } from 'shared/ui';
import { webhookCreatedToast, withCreatedWebhook } from '../webhook-lists';
import { HubspotWebhookInputs } from './HubspotWebhookInputs';
import { useHubspotWebhookLookups } from './use-hubspot-webhook-lookups';

/** Where the api receives webhooks: the api's origin (the page's own when the api is served with it). */
const serverOrigin = (apiBaseUrl: string): string => apiBaseUrl || window.location.origin;

function HubspotCreateFormBody({ integration, onCreated }: { integration: Integration; onCreated: () => void }) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const { state, dispatch, check } = useForm(hubspotWebhookCreateForm, emptyHubspotWebhookForm(integration.id));
  const lookups = useHubspotWebhookLookups({
    profileId: integration.id,
    ownerUserId: integration.user.ownerUserId,
    platform: state.emailService,
    apiKeyId: state.apiKeyId,
    onCategoriesFailed: () => dispatch({ field: 'apiKeyId', value: null }),
  });
  // only the answer to the newest request counts when owner and platform change quickly
  const latestRequest = useRef(0);
  const generate = useOperationMutation('generateWebhookCode', { onError: (error) => notifyFailure(error) });
  const create = useOperationMutation('createWebhook', {
    update: [{ query: 'listWebhooks', apply: (lists, created) => withCreatedWebhook(lists, created, host.user.isManagerOrAdmin) }],
    onSuccess: () => {
      host.notify(webhookCreatedToast);
      onCreated();
    },
    // spec §8: a create failure stays until dismissed
    onError: (error) => notifyFailure(error, { life: PERSISTENT }),
  });

  const change = (formChange: HubspotWebhookFormChange) => {
    dispatch(formChange);
    if (!regeneratesCode(formChange)) return;
    const request = ++latestRequest.current;
    generate.mutate(undefined, {
      onSuccess: (code) => {
        if (request === latestRequest.current) dispatch({ kind: 'codeGenerated', code, webhookUrl: webhookUrlOf(serverOrigin(host.apiBaseUrl), code) });
      },
    });
  };
  const submit = () => {
    const body = check();
    if (!body) return;
    const warning = hubspotWebhookWarning(state);
    if (warning) host.notify(validationToast(warning));
    create.mutate({ body });
  };

  return (
    <FormCard title="Create a webhook" onSubmit={submit} busy={create.isPending || generate.isPending} submitLabel="Create Webhook">
      <HubspotWebhookInputs state={state} dispatch={change} lookups={lookups} disabled={create.isPending} reportDuplicateEndpoint />
    </FormCard>
  );
}

/** spec §2 "HUBSPOT create form" for one HubSpot profile; after a create it starts again, empty. */
export function HubspotCreateForm({ integration }: { integration: Integration }) {
  const [round, setRound] = useState(0);
  return <HubspotCreateFormBody key={round} integration={integration} onCreated={() => setRound((current) => current + 1)} />;
}
