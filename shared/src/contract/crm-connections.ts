import { z } from 'zod';
import { crmType } from './current-user.js';
import { defineOperations } from './define-operations.js';
import { recordIdParams } from './ids.js';

/**
 * CRM connections (spec §2 "CRM connection screen" for HUBSPOT and SALESFORCE, §7 "Current user and
 * CRM connections"). A connection is a "user profile": one CRM account a dashboard user signed in with.
 */

export const crmProfileStatuses = ['CONNECTED', 'DISCONNECTED'] as const;
/** DISCONNECTED: the CRM refused to refresh the profile's token; the user must sign in again. */
export const crmProfileStatus = z.enum(crmProfileStatuses);
export type CrmProfileStatus = z.infer<typeof crmProfileStatus>;

/** Ids are 32-bit integer columns (serial on PostgreSQL): anything larger is no id. */

export const profileIdParams = recordIdParams;

/** Stored texts: PostgreSQL text cannot hold NUL characters. */
const storable = (value: string): boolean => !value.includes('\u0000');

/**
 * One connected CRM account, as the HubSpot screen's table shows it (spec §3 "HUBSPOT organization
 * profile" plus status and names). canWebhook, canUserAccount and canBlockList are the owning dashboard
 * user's permission flags.
 */
export const crmProfile = z.object({
  id: z.number().int(),
  /** The CRM-side user id (HubSpot user id, Salesforce user id). */
  accountId: z.string(),
  /** HubSpot hub id, Salesforce organization id. */
  organizationId: z.string(),
  profile: crmType,
  email: z.string(),
  /** HubSpot hub domain, Salesforce My Domain host. */
  organizationDomain: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  canWebhook: z.boolean(),
  canUserAccount: z.boolean(),
  canBlockList: z.boolean(),
  status: crmProfileStatus,
  /** The dashboard user who connected it. */
  userId: z.number().int(),
  createdAt: z.string(),
  /**
   * The viewer may delete it (DELETE /api/admin/hubspot/profiles/{id}): its owner and admins. The api
   * decides; the screen shows Delete only where this is true.
   */
  canDelete: z.boolean(),
});
export type CrmProfile = z.infer<typeof crmProfile>;

/** GET /api/admin/hubspot/profiles: the user's own HubSpot profiles and the other HubSpot profiles of the user's organization. */
export const hubspotProfiles = z.object({
  auth0Profiles: z.array(crmProfile),
  organizationProfiles: z.array(crmProfile),
});
export type HubspotProfiles = z.infer<typeof hubspotProfiles>;

export const deletedProfile = z.object({ id: z.number().int() });

/** The HubSpot "Sign in with" link: the provider's authorize page with client id, redirect to /oauth, scopes and a signed state. */
export const hubspotAuthorizeUrl = z.object({ url: z.string() });

/**
 * The HubSpot connected-account check. Both are null when every HubSpot profile of the user works;
 * otherwise a title and a message the screen shows as a persistent error.
 */
export const hubspotConnectedAccountCheck = z.object({
  title: z.string().nullable(),
  message: z.string().nullable(),
});
export type HubspotConnectedAccountCheck = z.infer<typeof hubspotConnectedAccountCheck>;

/** The Salesforce connected-account check: null when every Salesforce profile of the user works. */
export const salesforceConnectedAccountCheck = z.object({ message: z.string().nullable() });
export type SalesforceConnectedAccountCheck = z.infer<typeof salesforceConnectedAccountCheck>;

/** spec §3 "SALESFORCE settings" as saved: the consumer secret is never returned. */
export const salesforceSettings = z.object({
  id: z.number().int(),
  /** https://… My Domain. */
  domain: z.string(),
  consumer_key: z.string(),
  /** A working Salesforce profile was connected with these settings. */
  connected: z.boolean(),
  /** The profile connected with these settings, if any (CONNECTED or DISCONNECTED). */
  userProfileId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type SalesforceSettings = z.infer<typeof salesforceSettings>;

/**
 * Body of POST /api/admin/salesforce/profiles. Values are trimmed; blank ones answer 400 with
 * "Domain is required", "Consumer key is required" or "Consumer secret is required" (in that order);
 * https:// is added to a domain without it.
 */
export const salesforceSettingsCreate = z.strictObject({
  domain: z.string().max(2048).refine(storable, 'Domain must not contain NUL characters'),
  consumer_key: z
    .string()
    .max(1024)
    .refine(storable, 'Consumer key must not contain NUL characters'),
  consumer_secret: z
    .string()
    .max(1024)
    .refine(storable, 'Consumer secret must not contain NUL characters'),
});
export type SalesforceSettingsCreate = z.infer<typeof salesforceSettingsCreate>;

/** GET /api/admin/salesforce/profiles/{id}: what Connect needs to send the browser to Salesforce's authorize page. */
export const salesforceConnectStart = z.object({
  id: z.number().int(),
  domain: z.string(),
  consumer_key: z.string(),
  /** The domain's /services/oauth2/authorize with response_type=code, prompt=login, client_id, redirect_uri (/oauth/salesforce) and a signed state. */
  authorizeUrl: z.string(),
});
export type SalesforceConnectStart = z.infer<typeof salesforceConnectStart>;

export const crmConnectionOperations = defineOperations({
  getHubspotAuthorizeUrl: {
    method: 'GET',
    path: '/api/admin/hubspot/authorize-url',
    response: hubspotAuthorizeUrl,
  },
  listHubspotProfiles: {
    method: 'GET',
    path: '/api/admin/hubspot/profiles',
    response: hubspotProfiles,
  },
  // POST: the check renews tokens (a change), so it is no safe method a link or prefetch may trigger
  checkHubspotConnectedAccount: {
    method: 'POST',
    path: '/api/admin/hubspot/profiles/check-connected-account',
    response: hubspotConnectedAccountCheck,
  },
  deleteHubspotProfile: {
    method: 'DELETE',
    path: '/api/admin/hubspot/profiles/{id}',
    params: profileIdParams,
    response: deletedProfile,
  },
  // POST: the check renews tokens (a change), so it is no safe method a link or prefetch may trigger
  checkSalesforceConnectedAccount: {
    method: 'POST',
    path: '/api/admin/salesforce/profiles/check-connected-account',
    response: salesforceConnectedAccountCheck,
  },
  listSalesforceSettings: {
    method: 'GET',
    path: '/api/admin/salesforce/profiles',
    response: z.array(salesforceSettings),
  },
  createSalesforceSettings: {
    method: 'POST',
    path: '/api/admin/salesforce/profiles',
    body: salesforceSettingsCreate,
    response: salesforceSettings,
  },
  deleteSalesforceSettings: {
    method: 'DELETE',
    path: '/api/admin/salesforce/{id}',
    params: profileIdParams,
    response: deletedProfile,
  },
  getSalesforceSettings: {
    method: 'GET',
    path: '/api/admin/salesforce/profiles/{id}',
    params: profileIdParams,
    response: salesforceConnectStart,
  },
});
