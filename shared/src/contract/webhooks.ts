import { z } from 'zod';
import { platform } from './api-keys.js';
import { crmOwner } from './crm-lookups.js';
import { crmType } from './current-user.js';
import { defineOperations } from './define-operations.js';
import { MAX_ID, recordId, recordIdParams } from './ids.js';
import { pageNumber, queryText, webhookEventState } from './logs.js';

const id = () => z.number().int().positive().max(MAX_ID);
/** Stored texts refuse the NUL character (PostgreSQL text cannot hold it; SQLite answers the same). */
const noNul = (value: string): boolean => !value.includes('\u0000');
const text = (max = 500) => z.string().max(max).refine(noNul, 'Must not contain the NUL character');

/** spec §9: event types of the email platforms, of the social platform, and both (14). */
export const emailEventTypes = [
  'EMAIL_SENT',
  'EMAIL_OPEN',
  'EMAIL_REPLY',
  'EMAIL_LINK_CLICK',
  'EMAIL_BOUNCE',
  'LEAD_CATEGORY_UPDATED',
  'LEAD_UNSUBSCRIBED',
] as const;
export const socialEventTypes = [
  'CONNECTION_REQUEST_SENT',
  'CONNECTION_REQUEST_ACCEPTED',
  'MESSAGE_SENT',
  'REPLY_RECEIVED',
  'FOLLOW_SENT',
  'LIKED_POST',
  'VIEWED_PROFILE',
] as const;
export const allEventTypes = [...emailEventTypes, ...socialEventTypes] as const;

/** spec §3 lookup methods (objectLookupMethod). */
export const objectLookupMethods = [
  'default',
  'alternative_property',
  'optional_alternative_property',
] as const;
export const objectLookupMethod = z.enum(objectLookupMethods);
export type ObjectLookupMethod = z.infer<typeof objectLookupMethod>;

/** Log type of a SALESFORCE webhook: 0 Email Object, 1 Task Object. */
export const logType = z.union([z.literal(0), z.literal(1)]);
export type LogType = z.infer<typeof logType>;

/** One allowed lead category of the category-based filter; ids are numbers (smartlead) or texts (bison's lead_interested, heyreach's own). */
export const smartleadBaseCategory = z.object({
  id: z.union([z.number().int(), text(200)]),
  name: text(300),
});
export type SmartleadBaseCategory = z.infer<typeof smartleadBaseCategory>;

/** spec §3 webhook ownerDetails: the CRM owner the webhook writes as. */
export const ownerDetails = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type OwnerDetails = z.infer<typeof ownerDetails>;

/** spec §3 optionalAlternativeProperty: the properties tried in turn by the optional-alternative lookup. */
export const optionalAlternativeProperty = z.object({
  email: text(200).optional(),
  profile_url: text(200).optional(),
  os_objectlookup_id: text(200).optional(),
});
export type OptionalAlternativeProperty = z.infer<typeof optionalAlternativeProperty>;

/** A webhook endpoint as the webhook forms and tables show it. */
export const webhookUserAccount = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
});
export type WebhookUserAccount = z.infer<typeof webhookUserAccount>;

/** spec §3 userAccountWebhooks: an additional endpoint of a webhook. */
export const userAccountWebhook = z.object({
  id: z.number().int(),
  userAccount: webhookUserAccount,
  eventTypes: z.array(z.string()),
});
export type UserAccountWebhook = z.infer<typeof userAccountWebhook>;

/** spec §3 webhook `user`: the CRM profile the webhook belongs to. */
export const webhookProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  profile: crmType,
  organizationId: z.string(),
  organizationDomain: z.string().nullable(),
  settings: z.object({ domain: z.string() }).nullable(),
  userAccounts: z.array(webhookUserAccount),
});
export type WebhookProfile = z.infer<typeof webhookProfile>;

/** The newest event a webhook received (its webhook log row): when, and what became of it. */
export const webhookLastEvent = z.object({
  /** The webhook log row's id. */
  id: z.number().int(),
  receivedAt: z.string(),
  state: webhookEventState,
  /** Sent from the Send Test Webhook dialog. */
  isTest: z.boolean(),
});
export type WebhookLastEvent = z.infer<typeof webhookLastEvent>;

/** What "Register on {platform}" made of the webhook: when, and the platform's ids (empty while it runs). */
export const webhookPlatformRegistration = z.object({
  registeredAt: z.string(),
  platformWebhookIds: z.array(z.string()),
});
export type WebhookPlatformRegistration = z.infer<typeof webhookPlatformRegistration>;

/** spec §3 "Webhook". */
export const webhook = z.object({
  id: z.number().int(),
  /** The CRM profile's id (the spec's webhook userId), also as userProfileId. */
  userId: z.number().int(),
  userProfileId: z.number().int(),
  user: webhookProfile,
  ownerDetails,
  /** The dashboard user who owns it (the "Added by" detail). */
  addedBy: z.object({ id: z.number().int(), email: z.string() }),
  hubId: z.string(),
  hubspotOwnerId: z.string(),
  createdAt: z.string(),
  webhookUrl: z.string(),
  code: z.string(),
  emailService: platform,
  apiKeyId: z.number().int().nullable(),
  smartleadBaseCategories: z.array(smartleadBaseCategory),
  createOrUpdateCompany: z.boolean(),
  createOrUpdateTask: z.boolean(),
  createContactCustomProperties: z.boolean(),
  assignCompanyOwner: z.boolean(),
  assignContactOwner: z.boolean(),
  customTaskSubject: z.string().nullable(),
  logType: logType.nullable(),
  salesforceObjectType: z.string().nullable(),
  salesforceOnlyUpdate: z.boolean(),
  salesforceCustomFieldObjects: z.array(z.string()),
  objectLookupMethod: objectLookupMethod.nullable(),
  objectLookupIdField: z.string().nullable(),
  objectDefaultSearchProperty: z.string().nullable(),
  optionalAlternativeProperty: optionalAlternativeProperty.nullable(),
  userAccountWebhooks: z.array(userAccountWebhook),
  /** Whether the signed-in user may update and delete it (its owner, or an admin). */
  canManage: z.boolean(),
  /** The newest event it received, null before the first. */
  lastEvent: webhookLastEvent.nullable(),
  /** Its last registration on its platform, null when it was never registered from here. */
  platformRegistration: webhookPlatformRegistration.nullable(),
  /** Whether its Smartlead posts must carry a secret key (`secret_key`); the key itself is never shown. */
  hasSmartleadSecretKey: z.boolean(),
});
export type Webhook = z.infer<typeof webhook>;

/** GET /api/admin/webhooks: the caller's own, and everyone's for managers and admins ([] for regular users). */
export const webhookLists = z.object({ webhooks: z.array(webhook), allWebhooks: z.array(webhook) });
export type WebhookLists = z.infer<typeof webhookLists>;

/** The owner picked in a webhook form; null until picked ("Select Owner"). */
export const selectedOwnerInput = z.object({
  id: z.union([text(100), z.number().int()]).transform(String),
  firstName: text(200).nullish(),
  lastName: text(200).nullish(),
  email: text(320).nullish(),
  name: text(400).nullish(),
});

/** One row of "Additional Endpoints"; a row without an account is a blank row and is dropped. */
export const additionalEndpointInput = z.object({
  userAccount: z
    .object({ id: id(), description: text(1000).optional(), url: text(2000).optional() })
    .nullable(),
  eventTypes: z.array(text(100)).max(100),
});
export type AdditionalEndpointInput = z.infer<typeof additionalEndpointInput>;

/**
 * The settings both the create payload and the update form carry. Fields a form leaves out take the
 * defaults; the server checks the spec §5 rules (shared/rules webhookPayloadError) and answers their texts.
 */
export const webhookSettingsInput = z.object({
  selectedOwner: selectedOwnerInput.nullable(),
  emailService: platform.nullable(),
  apiKeyId: id().nullable().default(null),
  smartleadBaseCategories: z.array(smartleadBaseCategory).max(1000).default([]),
  createOrUpdateCompany: z.boolean().default(false),
  createOrUpdateTask: z.boolean().default(false),
  createContactCustomProperties: z.boolean().default(false),
  assignCompanyOwner: z.boolean().default(false),
  assignContactOwner: z.boolean().default(false),
  customTaskSubject: text(1000).nullable().default(null),
  logType: logType.nullable().default(null),
  salesforceObjectType: text(100).nullable().default(null),
  salesforceOnlyUpdate: z.boolean().default(false),
  salesforceCustomFieldObjects: z.array(text(100)).max(50).default([]),
  objectLookupMethod: objectLookupMethod.nullable().default(null),
  objectLookupIdField: text(200).nullable().default(null),
  objectDefaultSearchProperty: text(200).nullable().default(null),
  optionalAlternativeProperty: optionalAlternativeProperty.nullable().default(null),
  additionalEndpoints: z.array(additionalEndpointInput).max(50).default([]),
  /**
   * The secret key a Smartlead webhook requires of its posts (Smartlead sends it as `secret_key`):
   * write-only. Left out, the stored key stays (none on create); null removes it. Only a smartlead
   * webhook keeps one: another platform's webhook has none.
   */
  smartleadSecretKey: z
    .string()
    .trim()
    .min(1, 'Enter the secret key, or clear it')
    .max(200)
    .refine(noNul, 'Must not contain the NUL character')
    .nullable()
    .optional(),
});
export type WebhookSettingsInput = z.infer<typeof webhookSettingsInput>;

/**
 * Body of POST /api/admin/webhooks (spec §3 "Webhook create payload"). `code` must come from
 * POST /api/admin/webhooks/generate (by the same user, unused); webhookUrl is what the form showed
 * and is recomputed by the server from the code.
 */
export const webhookCreate = webhookSettingsInput.extend({
  userProfileId: id().nullable(),
  code: text(200),
  webhookUrl: text(2000).optional(),
});
export type WebhookCreate = z.infer<typeof webhookCreate>;

/**
 * Body of PUT /api/admin/webhooks/{id}: the update dialog's fields, which replace the stored settings
 * (fields left out take the defaults, as on create). The profile and code stay; userProfileId and code
 * may be sent back as they are.
 */
export const webhookUpdate = webhookSettingsInput.extend({
  /** Left out: the stored owner stays. */
  selectedOwner: selectedOwnerInput.nullish(),
  userProfileId: id().nullish(),
  code: text(200).optional(),
  webhookUrl: text(2000).optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdate>;

/** DELETE /api/admin/webhooks/{id}: what the "Deleted {first} {last}'s webhook." toast needs. */
export const deletedWebhook = z.object({ id: z.number().int(), ownerDetails });
export type DeletedWebhook = z.infer<typeof deletedWebhook>;

/** The webhook code in plain text: base64url of 24 random bytes (192 bits, 32 characters). */
export const webhookCode = z.string();

/**
 * GET /api/admin/hubspot/owners-and-user-accounts/{userId} and /api/admin/salesforce/user-accounts/{userId}:
 * {userId} is the CRM profile's id (user_profiles.id, the profile picked in "Select Profile"), since the
 * webhook form asks for the owners of that CRM connection and the webhook endpoints of that profile.
 */
export const profileUserIdParams = z.object({ userId: recordId });

export const ownersAndUserAccounts = z.object({
  owners: z.array(crmOwner),
  userAccounts: z.array(webhookUserAccount),
});
export type OwnersAndUserAccounts = z.infer<typeof ownersAndUserAccounts>;

/** The code in a webhook URL (`/webhooks/{code}`, and the test URL `/webhooks/test/{code}`). */
export const webhookCodeParams = z.object({ code: z.string().min(1).max(200) });

/** The test URL's answer (spec §7): success, and every processing and forwarding step's error. */
export const testWebhookResult = z.object({ success: z.boolean(), errors: z.array(z.string()) });
export type TestWebhookResult = z.infer<typeof testWebhookResult>;

/** How many dead deliveries a replay reopened. */
export const replayedDeliveries = z.object({ deliveries: z.number().int() });
export type ReplayedDeliveries = z.infer<typeof replayedDeliveries>;

/**
 * What "Register on {platform}" did: the platform now posts the webhook's events to its URL. The ids
 * are the platform's own for what it created (HeyReach makes one webhook per event type).
 */
export const platformWebhookRegistration = webhookPlatformRegistration.extend({
  platform,
  /** The API key used: the webhook's own, else its owner's key for the platform. */
  apiKeyId: z.number().int(),
});
export type PlatformWebhookRegistration = z.infer<typeof platformWebhookRegistration>;

/**
 * A webhook registered already is registered again only with `again` (409 otherwise): the platform then
 * has two webhooks and sends every event twice (the receiver processes the copies once).
 */
export const platformRegistrationRequest = z.object({ again: z.boolean().optional() }).optional();

/** How many webhooks a page of a webhooks table holds. */
export const WEBHOOK_PAGE_SIZE = 10;
/** The webhooks tables: the user's own ("Existing webhooks"), or other people's of the organization ("All webhooks", managers and admins). */
export const webhookTableSections = ['own', 'others'] as const;
export type WebhookTableSection = (typeof webhookTableSections)[number];
/** What a webhooks table sorts by: when it was created (the default), its URL, its owner or its platform. */
export const webhookSortKeys = ['created', 'url', 'owner', 'platform'] as const;
export type WebhookSortKey = (typeof webhookSortKeys)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/**
 * One page of a webhooks table: `search` finds a text (any case) in the webhook's URL, its owner (name
 * or email, and the email of who added it) or its platform; newest last by default.
 */
export const webhookPageQuery = z.object({
  section: z.enum(webhookTableSections),
  search: queryText,
  sort: z.enum(webhookSortKeys).default('created'),
  order: z.enum(sortOrders).default('asc'),
  page: pageNumber,
});
export type WebhookPageQuery = z.input<typeof webhookPageQuery>;
export const webhookPage = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalItems: z.number().int(),
  data: z.array(webhook),
});
export type WebhookPage = z.infer<typeof webhookPage>;

export const webhookOperations = defineOperations({
  listWebhooks: { method: 'GET', path: '/api/admin/webhooks', response: webhookLists },
  /** A page of one webhooks table, searched and sorted (a list that can grow: issue 56). "others" is for managers and admins (403 otherwise). */
  listWebhookPage: {
    method: 'GET',
    path: '/api/admin/webhooks/page',
    query: webhookPageQuery,
    response: webhookPage,
  },
  /** A new unguessable code for the create form, answered as plain text. */
  generateWebhookCode: {
    method: 'POST',
    path: '/api/admin/webhooks/generate',
    response: webhookCode,
    responseType: 'text',
  },
  /** Needs canWebhook; the profile must be the caller's own. */
  createWebhook: {
    method: 'POST',
    path: '/api/admin/webhooks',
    body: webhookCreate,
    response: webhook,
  },
  /** The owner, or an admin for anyone's ("All webhooks"). */
  updateWebhook: {
    method: 'PUT',
    path: '/api/admin/webhooks/{id}',
    params: recordIdParams,
    body: webhookUpdate,
    response: webhook,
  },
  /**
   * The Send Test Webhook dialog: the edited JSON event runs through the receiver's whole pipeline at
   * once (stored and logged as a test, processed, forwarded once to the matching endpoints). The
   * webhook's owner, or an admin of its organization.
   */
  sendTestWebhookEvent: {
    method: 'POST',
    path: '/webhooks/test/{code}',
    params: webhookCodeParams,
    body: z.unknown(),
    response: testWebhookResult,
  },
  /** The owner, or an admin for anyone's. */
  deleteWebhook: {
    method: 'DELETE',
    path: '/api/admin/webhooks/{id}',
    params: recordIdParams,
    response: deletedWebhook,
  },
  /**
   * Creates the webhook on its platform (Smartlead, Instantly, EmailBison, HeyReach) with the webhook's
   * API key or its owner's key for the platform, so nobody copies the URL by hand: its owner or an admin.
   */
  registerWebhookOnPlatform: {
    method: 'POST',
    path: '/api/admin/webhooks/{id}/register-on-platform',
    params: recordIdParams,
    body: platformRegistrationRequest,
    response: platformWebhookRegistration,
  },
  /** Reopens every dead delivery of the webhook (every attempt failed) and sends them again: its owner or an admin. */
  replayDeadDeliveries: {
    method: 'POST',
    path: '/api/admin/webhooks/{id}/replay-dead-deliveries',
    params: recordIdParams,
    response: replayedDeliveries,
  },
  /** HubSpot owners of the profile and its webhook endpoints (its owner, managers and admins). */
  getHubspotOwnersAndUserAccounts: {
    method: 'GET',
    path: '/api/admin/hubspot/owners-and-user-accounts/{userId}',
    params: profileUserIdParams,
    response: ownersAndUserAccounts,
  },
  /** Salesforce users (owners) of the profile and its webhook endpoints. */
  getSalesforceUserAccounts: {
    method: 'GET',
    path: '/api/admin/salesforce/user-accounts/{userId}',
    params: profileUserIdParams,
    response: ownersAndUserAccounts,
  },
});
