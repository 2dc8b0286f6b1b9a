import type { WebhookSettingsInput, WebhookUpdate } from 'shared/contract';
import type { Deps } from '../deps.js';
import { conflict, invalid, notFound } from './domain-errors.js';
import type { UserProfileRecord } from '../repositories/user-profiles.js';
import { claimWebhookCode } from '../repositories/webhook-codes.js';
import {
  insertWebhook,
  updateWebhook as updateWebhookRow,
  type WebhookRecord,
} from '../repositories/webhooks.js';
import { sealedSecretKeyOf } from './webhook-secret-key.js';
import { resolveWebhookSettings } from './webhook-settings.js';

type SelectedOwner = NonNullable<WebhookSettingsInput['selectedOwner']>;

/**
 * A webhook on a profile, at a code its creator generated (claimed in the same transaction, so one
 * code makes one webhook). The settings are checked against spec §5 for the profile's CRM.
 */
export async function createWebhook(
  deps: Deps,
  input: {
    profile: UserProfileRecord;
    creatorId: number;
    code: string;
    values: WebhookSettingsInput;
  },
): Promise<number> {
  const { profile, creatorId, code, values } = input;
  const { settings, endpoints } = await resolveWebhookSettings(deps.db, {
    crm: profile.crm,
    ownerUserId: profile.userId,
    mode: 'create',
    values,
    selectedOwner: values.selectedOwner,
  });
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const claim = await claimWebhookCode(trx, code, creatorId, now);
    if (claim === 'unknown')
      throw invalid('Unknown webhook code: generate a new webhook URL and try again', {
        code: 'Unknown webhook code',
      });
    if (claim === 'used')
      throw conflict(
        'This webhook code is already used by another webhook: generate a new webhook URL and try again',
      );
    const sealedSecretKey = sealedSecretKeyOf(
      deps.secretBox,
      settings.emailService,
      values.smartleadSecretKey,
      'create',
    );
    return insertWebhook(
      trx,
      {
        userProfileId: profile.id,
        userId: profile.userId,
        code,
        settings,
        endpoints,
        sealedSecretKey,
      },
      now,
    );
  });
}

/** New settings for a webhook; its profile and code stay. An update form without an owner keeps the stored one. */
export async function updateWebhook(
  deps: Deps,
  record: WebhookRecord,
  values: WebhookUpdate,
): Promise<void> {
  if (
    values.userProfileId !== undefined &&
    values.userProfileId !== null &&
    values.userProfileId !== record.userProfileId
  ) {
    throw invalid(
      "A webhook's profile cannot be changed: create a new webhook for the other profile",
      { userProfileId: 'Cannot be changed' },
    );
  }
  if (values.code !== undefined && values.code !== record.code)
    throw invalid("A webhook's code cannot be changed", { code: 'Cannot be changed' });
  const selectedOwner: SelectedOwner | null =
    values.selectedOwner === undefined
      ? { ...record.owner, name: `${record.owner.firstName} ${record.owner.lastName}`.trim() }
      : values.selectedOwner;
  const { settings, endpoints } = await resolveWebhookSettings(deps.db, {
    crm: record.profile.crm,
    ownerUserId: record.userId,
    mode: 'update',
    values: { ...values, selectedOwner },
    selectedOwner,
  });
  const sealedSecretKey = sealedSecretKeyOf(
    deps.secretBox,
    settings.emailService,
    values.smartleadSecretKey,
    'update',
  );
  const now = deps.clock.now();
  if (!(await updateWebhookRow(deps.db, record.id, settings, endpoints, now, sealedSecretKey)))
    throw notFound('Webhook not found');
}
