import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { writeJson } from './json-text.js';

/** What "Register on {platform}" made of a webhook: when, and the platform's ids (none while it runs). */
export interface PlatformRegistrationRecord {
  registeredAt: string;
  platformWebhookIds: string[];
}

/**
 * Takes the webhook's registration for a call to its platform: only while its registration is still the
 * one the caller read (`seen`: its time, null for never), so of two clicks at once one goes on and the
 * other is refused. False when the registration changed (or the webhook is gone).
 */
export async function claimPlatformRegistration(
  db: Kysely<Database>,
  webhookId: number,
  { seen, at }: { seen: string | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ platform_registered_at: at, platform_webhook_ids: null })
    .where('id', '=', webhookId)
    .where('platform_registered_at', seen === null ? 'is' : '=', seen)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records what the platform created for the registration claimed `at`. */
export async function recordPlatformRegistration(
  db: Kysely<Database>,
  webhookId: number,
  at: string,
  platformWebhookIds: readonly string[],
): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ platform_webhook_ids: writeJson(platformWebhookIds) })
    .where('id', '=', webhookId)
    .where('platform_registered_at', '=', at)
    .execute();
}

/** Gives back a claim whose call made nothing: the webhook's registration is again the one before it. */
export async function releasePlatformRegistration(
  db: Kysely<Database>,
  webhookId: number,
  at: string,
  previous: PlatformRegistrationRecord | null,
): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({
      platform_registered_at: previous?.registeredAt ?? null,
      platform_webhook_ids: previous === null ? null : writeJson(previous.platformWebhookIds),
    })
    .where('id', '=', webhookId)
    .where('platform_registered_at', '=', at)
    .execute();
}
