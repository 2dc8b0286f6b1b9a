import type {
  CrmProfile,
  CrmType,
  Integration,
  IntegrationUserAccount,
  SalesforceSettings,
} from 'shared/contract';
import type { SalesforceSettingsRecord } from '../repositories/salesforce-settings.js';
import type { UserProfileRecord } from '../repositories/user-profiles.js';
import type { UserRecord } from '../repositories/users.js';
import { mayActOn } from '../authz/index.js';

const crmNames: Record<CrmType, string> = { HUBSPOT: 'HubSpot', SALESFORCE: 'Salesforce' };

/** "HubSpot profile not found" (any CRM's when none is given). */
export const profileNotFound = (crm?: CrmType): string =>
  `${crm ? crmNames[crm] : 'CRM'} profile not found`;

/**
 * A row of the HubSpot screen's tables (own profiles and the organization's), as `viewer` sees it.
 * Tokens never leave the api. canDelete is the DELETE route's policy.
 */
export function toCrmProfile(profile: UserProfileRecord, viewer: UserRecord): CrmProfile {
  return {
    id: profile.id,
    accountId: profile.accountId,
    organizationId: profile.organizationId,
    profile: profile.crm,
    email: profile.email,
    organizationDomain: profile.organizationDomain,
    firstName: profile.firstName,
    lastName: profile.lastName,
    canWebhook: profile.owner.canWebhook,
    canUserAccount: profile.owner.canUserAccount,
    canBlockList: profile.owner.canBlockList,
    status: profile.status,
    userId: profile.userId,
    createdAt: profile.createdAt,
    canDelete: mayActOn(viewer, 'deleteHubspotProfile', profile),
  };
}

/** spec §3 "Integration (user profile)". `settings` is the Salesforce settings the profile was connected with. */
export function toIntegration(
  profile: UserProfileRecord,
  settings: Pick<SalesforceSettingsRecord, 'domain' | 'consumerKey'> | null,
  userAccounts: IntegrationUserAccount[],
): Integration {
  return {
    id: profile.id,
    user: {
      id: profile.id,
      profile: profile.crm,
      accountId: profile.accountId,
      organizationId: profile.organizationId,
      organizationDomain: profile.organizationDomain,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      role: profile.owner.role,
      canWebhook: profile.owner.canWebhook,
      canUserAccount: profile.owner.canUserAccount,
      canBlockList: profile.owner.canBlockList,
      settings: settings ? { domain: settings.domain, consumer_key: settings.consumerKey } : null,
      userAccounts,
      ownerUserId: profile.userId,
      ownerEmail: profile.owner.email,
      status: profile.status,
    },
  };
}

/** Saved Salesforce settings: never the consumer secret. */
export function toSalesforceSettings(settings: SalesforceSettingsRecord): SalesforceSettings {
  return {
    id: settings.id,
    domain: settings.domain,
    consumer_key: settings.consumerKey,
    connected: settings.connected,
    userProfileId: settings.userProfileId,
    createdAt: settings.createdAt,
  };
}
