import { mayActOn } from '../authz/index.js';
const crmNames = { HUBSPOT: 'HubSpot', SALESFORCE: 'Salesforce' };
/** "HubSpot profile not found" (any CRM's when none is given). */
export const profileNotFound = (crm) => `${crm ? crmNames[crm] : 'CRM'} profile not found`;
/**
 * A row of the HubSpot screen's tables (own profiles and the organization's), as `viewer` sees it.
 * Tokens never leave the api. canDelete is the DELETE route's policy.
 */
export function toCrmProfile(profile, viewer) {
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
export function toIntegration(profile, settings, userAccounts) {
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
export function toSalesforceSettings(settings) {
    return {
        id: settings.id,
        domain: settings.domain,
        consumer_key: settings.consumerKey,
        connected: settings.connected,
        userProfileId: settings.userProfileId,
        createdAt: settings.createdAt,
    };
}
//# sourceMappingURL=crm-profiles.js.map