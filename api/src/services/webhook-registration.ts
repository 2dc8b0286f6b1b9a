import type { PlatformWebhookRegistration } from 'shared/contract';
import { platformLabel } from 'shared/rules';
import { platformAdapters } from '../adapters/platforms.js';
import type { Deps } from '../deps.js';
import { conflict, invalid } from './domain-errors.js';
import { webhookUrlFor } from '../presenters/webhooks.js';
import { findApiKey, listApiKeys, type ApiKeyRecord } from '../repositories/api-keys.js';
import {
  claimPlatformRegistration,
  recordPlatformRegistration,
  releasePlatformRegistration,
} from '../repositories/webhook-platform-registrations.js';
import type { WebhookRecord } from '../repositories/webhooks.js';
import { credentialsOf } from './api-keys.js';

/** Said when neither the webhook nor its owner has a key for the platform. */
export const noApiKeyMessage = (
  webhook: Pick<WebhookRecord, 'emailService' | 'ownerUserEmail'>,
): string =>
  `There is no ${platformLabel(webhook.emailService)} API key to register this webhook with: add one for ${webhook.ownerUserEmail} on the API keys screen`;

/**
 * The key to register with: the webhook's own (when it is for the webhook's platform), else its owner's
 * keys for the platform, a validated one first.
 */
async function registrationKey(
  deps: Deps,
  webhook: WebhookRecord,
): Promise<ApiKeyRecord | undefined> {
  if (webhook.apiKeyId !== null) {
    const chosen = await findApiKey(deps.db, webhook.apiKeyId);
    if (chosen?.platform === webhook.emailService) return chosen;
  }
  const owned = await listApiKeys(deps.db, {
    scope: { kind: 'own', userId: webhook.userId },
    platform: webhook.emailService,
  });
  return owned.find((key) => key.isValid) ?? owned[0];
}

/** Said when the webhook is registered already and the caller did not ask to register it again. */
export const registeredAlreadyMessage = ({
  emailService,
}: Pick<WebhookRecord, 'emailService'>): string =>
  `This webhook is registered on ${platformLabel(emailService)} already: registering it again makes ${platformLabel(emailService)} send every event twice`;

/**
 * "Register on {platform}": creates the webhook on its platform, posting to the webhook's URL, and
 * records it on the webhook. A webhook registered already is registered again only when asked (`again`:
 * its webhook on the platform was deleted there), and of two calls at once only one goes to the
 * platform; a call that makes nothing leaves the registration as it was.
 */
export async function registerWebhookOnPlatform(
  deps: Deps,
  webhook: WebhookRecord,
  { again = false }: { again?: boolean } = {},
): Promise<PlatformWebhookRegistration> {
  const previous = webhook.platformRegistration;
  if (previous !== null && !again) throw conflict(registeredAlreadyMessage(webhook));
  const key = await registrationKey(deps, webhook);
  if (!key) throw invalid(noApiKeyMessage(webhook));
  const registeredAt = deps.clock.now().toISOString();
  if (
    !(await claimPlatformRegistration(deps.db, webhook.id, {
      seen: previous?.registeredAt ?? null,
      at: registeredAt,
    }))
  )
    throw conflict(registeredAlreadyMessage(webhook));
  const webhookUrl = webhookUrlFor(deps.config.publicUrl, webhook.code);
  const adapter = platformAdapters[webhook.emailService];
  const release = () => releasePlatformRegistration(deps.db, webhook.id, registeredAt, previous);
  const answer = await adapter
    .createWebhook(deps.providers, credentialsOf(deps, key), {
      name: `CRM Sync ${webhook.profile.crm} #${webhook.id}`,
      url: webhookUrl,
    })
    .catch(async (error: unknown) => {
      await release();
      throw error;
    });
  if (!answer.ok) {
    await release();
    throw invalid(answer.message);
  }
  await recordPlatformRegistration(deps.db, webhook.id, registeredAt, answer.data.ids);
  deps.log.info(
    {
      webhookId: webhook.id,
      platform: webhook.emailService,
      apiKeyId: key.id,
      platformWebhookIds: answer.data.ids,
      eventTypes: answer.data.eventTypes,
      again,
    },
    'webhook registered on its platform',
  );
  return {
    platform: webhook.emailService,
    apiKeyId: key.id,
    platformWebhookIds: answer.data.ids,
    registeredAt,
  };
}
