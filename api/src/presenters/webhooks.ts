import type { Webhook } from 'shared/contract';
import type { UserAccountRecord } from '../repositories/user-accounts.js';
import type { UserRecord } from '../repositories/users.js';
import type { LastWebhookEvent } from '../repositories/webhook-logs.js';
import type { WebhookRecord } from '../repositories/webhooks.js';
import { mayActOn } from '../authz/index.js';
import { toWebhookUserAccount } from './user-accounts.js';

/** `${PUBLIC_URL}/webhooks/{code}`: where the platform posts its events. */
export const webhookUrlFor = (publicUrl: string, code: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/webhooks/${code}`;

/**
 * spec §3 "Webhook". `profileAccounts` are the webhook endpoints of the webhook's profile (the
 * profile's userAccounts in `user`); `lastEvent` the newest event it received.
 */
export function toWebhook(
  record: WebhookRecord,
  context: {
    publicUrl: string;
    viewer: UserRecord;
    profileAccounts: readonly UserAccountRecord[];
    lastEvent: LastWebhookEvent | undefined;
  },
): Webhook {
  return {
    id: record.id,
    userId: record.userProfileId,
    userProfileId: record.userProfileId,
    user: {
      id: record.profile.id,
      email: record.profile.email,
      profile: record.profile.crm,
      organizationId: record.profile.organizationId,
      organizationDomain: record.profile.organizationDomain,
      settings:
        record.profile.settingsDomain === null ? null : { domain: record.profile.settingsDomain },
      userAccounts: context.profileAccounts.map(toWebhookUserAccount),
    },
    ownerDetails: {
      firstName: record.owner.firstName,
      lastName: record.owner.lastName,
      email: record.owner.email,
    },
    addedBy: { id: record.userId, email: record.ownerUserEmail },
    hubId: record.profile.organizationId,
    hubspotOwnerId: record.owner.id,
    createdAt: record.createdAt,
    webhookUrl: webhookUrlFor(context.publicUrl, record.code),
    code: record.code,
    emailService: record.emailService,
    apiKeyId: record.apiKeyId,
    smartleadBaseCategories: record.smartleadBaseCategories,
    createOrUpdateCompany: record.createOrUpdateCompany,
    createOrUpdateTask: record.createOrUpdateTask,
    createContactCustomProperties: record.createContactCustomProperties,
    assignCompanyOwner: record.assignCompanyOwner,
    assignContactOwner: record.assignContactOwner,
    customTaskSubject: record.customTaskSubject,
    logType: record.logType,
    salesforceObjectType: record.salesforceObjectType,
    salesforceOnlyUpdate: record.salesforceOnlyUpdate,
    salesforceCustomFieldObjects: record.salesforceCustomFieldObjects,
    objectLookupMethod: record.objectLookupMethod,
    objectLookupIdField: record.objectLookupIdField,
    objectDefaultSearchProperty: record.objectDefaultSearchProperty,
    optionalAlternativeProperty: record.optionalAlternativeProperty,
    userAccountWebhooks: record.endpoints.map((endpoint) => ({
      id: endpoint.id,
      userAccount: endpoint.userAccount,
      eventTypes: endpoint.eventTypes,
    })),
    canManage: mayActOn(context.viewer, 'updateWebhook', record),
    lastEvent: context.lastEvent ?? null,
    platformRegistration: record.platformRegistration,
    hasSmartleadSecretKey: record.hasSmartleadSecretKey,
  };
}
