import type { UserAccount, WebhookUserAccount } from 'shared/contract';
import type { UserAccountRecord } from '../repositories/user-accounts.js';
import type { UserRecord } from '../repositories/users.js';
import { mayActOn } from '../authz/index.js';

/** A row of the Webhook endpoint screen; canDelete and canRevealSecret are the DELETE and secret routes' policies. */
export function toUserAccount(record: UserAccountRecord, viewer: UserRecord): UserAccount {
  return {
    id: record.id,
    url: record.url,
    description: record.description,
    canDelete: mayActOn(viewer, 'deleteUserAccount', record),
    canRevealSecret: mayActOn(viewer, 'revealWebhookEndpointSecret', record),
    userProfileId: record.userProfileId,
  };
}

/** An endpoint as the webhook forms list it. */
export const toWebhookUserAccount = (
  record: Pick<UserAccountRecord, 'id' | 'url' | 'description'>,
): WebhookUserAccount => ({
  id: record.id,
  url: record.url,
  description: record.description,
});
