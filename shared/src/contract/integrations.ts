import { z } from 'zod';
import { crmProfileStatus } from './crm-connections.js';
import { crmType, role } from './current-user.js';
import { defineOperations } from './define-operations.js';

/** A webhook endpoint (spec §3 "Webhook endpoint (user account)") of a profile, as an integration lists it. */
export const integrationUserAccount = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
});
export type IntegrationUserAccount = z.infer<typeof integrationUserAccount>;

/**
 * spec §3 "Integration (user profile)": one connected CRM profile. `id` and `user.id` are both the
 * profile's id (the userProfileId other calls take); `user.ownerUserId` is the dashboard user who
 * connected it, and role and the three flags are that user's.
 */
export const integration = z.object({
  id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    profile: crmType,
    /** The CRM-side user id. */
    accountId: z.string(),
    /** HubSpot hub id, Salesforce organization id. */
    organizationId: z.string(),
    organizationDomain: z.string().nullable(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: role.nullable(),
    canWebhook: z.boolean(),
    canUserAccount: z.boolean(),
    canBlockList: z.boolean(),
    /** SALESFORCE: the settings the profile was connected with; null for HUBSPOT (or when they were deleted). */
    settings: z.object({ domain: z.string(), consumer_key: z.string() }).nullable(),
    /** The profile's webhook endpoints. */
    userAccounts: z.array(integrationUserAccount),
    ownerUserId: z.number().int(),
    ownerEmail: z.string(),
    status: crmProfileStatus,
  }),
});
export type Integration = z.infer<typeof integration>;

export const integrationOperations = defineOperations({
  /** The signed-in user's own profiles. */
  listUserIntegrations: {
    method: 'GET',
    path: '/api/admin/users/integrations',
    response: z.array(integration),
  },
  /** Every profile of the user's organization (their own when they have none); managers and admins get every profile. */
  listOrganizationIntegrations: {
    method: 'GET',
    path: '/api/admin/organizations/integrations',
    response: z.array(integration),
  },
});
