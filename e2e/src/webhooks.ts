import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { fixtureById, payloadAt } from 'shared/events';
import { sessionApi } from './session';

/** A Smartlead webhook on the sandbox HubSpot profile (connectSandboxHubspot first), made through the api as the signed-in user. */
export async function createSmartleadWebhook(
  page: Page,
  baseUrl: string,
): Promise<{ id: number; webhookUrl: string }> {
  const calls = sessionApi(page, baseUrl);
  const integrations = await calls.get<{ id: number; user: { profile: string } }[]>(
    '/api/admin/users/integrations',
  );
  const profile = integrations.find((integration) => integration.user.profile === 'HUBSPOT');
  if (!profile) throw new Error('No HubSpot profile after connecting the sandbox');
  const { owners } = await calls.get<{
    owners: { id: string | number; firstName?: string; lastName?: string; email?: string }[];
  }>(`/api/admin/hubspot/owners-and-user-accounts/${profile.id}`);
  const owner = owners[0];
  if (!owner) throw new Error('The sandbox HubSpot has no owners');
  const code = await calls.postText('/api/admin/webhooks/generate');
  return calls.postJson<{ id: number; webhookUrl: string }>('/api/admin/webhooks', {
    userProfileId: profile.id,
    code,
    selectedOwner: {
      id: String(owner.id),
      firstName: owner.firstName ?? '',
      lastName: owner.lastName ?? '',
      email: owner.email ?? '',
    },
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    createOrUpdateCompany: true,
    additionalEndpoints: [],
  });
}

/** Smartlead posting a reply to the webhook, as the platform does (no session); with an email, a reply of its own (its own stats_id, the dedupe key). Answers the posted payload. */
export async function postSmartleadReply(
  webhookUrl: string,
  email?: string,
): Promise<{ to_email: string }> {
  const fixture = fixtureById('smartlead.email-reply');
  if (!fixture) throw new Error('No smartlead.email-reply fixture');
  const payload = {
    ...(payloadAt(fixture, new Date()) as { to_email: string }),
    ...(email === undefined
      ? {}
      : { to_email: email, sl_lead_email: email, stats_id: randomUUID() }),
  };
  const received = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  if (received.status !== 200) throw new Error(`The webhook answered ${received.status}`);
  return payload;
}
