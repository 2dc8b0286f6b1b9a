import { z } from 'zod';
import { crmType } from './current-user.js';
import { defineOperations } from './define-operations.js';
import { isHttpUrl } from './http-url.js';
import { MAX_ID, recordId } from './ids.js';

/** spec §3 "Platform values". bison is the EmailBison platform. */
export const platforms = ['smartlead', 'instantly', 'bison', 'heyreach'] as const;
export const platform = z.enum(platforms);
export type Platform = z.infer<typeof platform>;

/** The texts of spec §5 "API key create" (also used by the update dialog). */
export const apiKeyMessages = {
  platform: 'Please select a platform',
  apiKey: 'Please enter a valid API key',
  description: 'Please enter a description',
  userProfileId: 'Select Profile',
  baseUrl: 'Please enter a valid base URL',
} as const;

/** Ids are 32-bit integer columns (serial on PostgreSQL): anything larger is no id. */

/** Texts that are stored: PostgreSQL text cannot hold NUL characters. */
const storableText = (value: string): boolean => !value.includes('\u0000');

/** The CRM profile an API key hangs off, enough for the screen to name it. */
export const apiKeyUserProfile = z.object({
  id: z.number().int(),
  /** HUBSPOT or SALESFORCE. */
  profile: crmType,
  email: z.string(),
  /** HubSpot hub id or Salesforce org id. */
  organizationId: z.string(),
  organizationDomain: z.string().nullable(),
});
export type ApiKeyUserProfile = z.infer<typeof apiKeyUserProfile>;

/** A block list that pushes into this key's platform (spec §3 "API key" syncBlockList). */
export const apiKeySyncBlockList = z.object({ id: z.number().int(), listName: z.string() });

/**
 * spec §3 "API key". `apiKey` always comes masked in lists and answers: "••••" plus the last 4
 * characters ("••••" alone for a short key). The full key is read with revealApiKey, by the key's
 * owner or whoever may change it, when the person asks (the screen's click-to-show and the edit
 * dialog). `baseUrl` is set for bison only.
 * `isValid` is the result of the last check with the platform (on create, update or validate).
 */
export const apiKey = z.object({
  id: z.number().int(),
  apiKey: z.string(),
  description: z.string(),
  platform,
  baseUrl: z.string().nullable(),
  userProfileId: z.number().int(),
  userProfile: apiKeyUserProfile,
  isValid: z.boolean(),
  syncBlockList: z.array(apiKeySyncBlockList),
  createdAt: z.string(),
  /**
   * The viewer may change it: edit (PUT), validate (PUT …/validate), delete and add lead categories.
   * Its owner and admins; managers read everyone's keys (and their lead categories) but change only
   * their own. The api decides; the screen offers those actions only where this is true.
   */
  canManage: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKey>;

/** GET /api/admin/dashboard/api-keys: the user's own keys, and for managers and admins everyone's ([] for a regular user). */
export const apiKeyLists = z.object({
  apiKeys: z.array(apiKey),
  allApiKeys: z.array(apiKey),
});
export type ApiKeyLists = z.infer<typeof apiKeyLists>;

const apiKeyText = z
  .string({ error: apiKeyMessages.apiKey })
  .trim()
  .min(1, apiKeyMessages.apiKey)
  .max(512, apiKeyMessages.apiKey)
  // printable ASCII without spaces: the text goes into a header or a query string
  .regex(/^[\x21-\x7e]+$/, apiKeyMessages.apiKey);

const baseUrlText = z
  .string({ error: apiKeyMessages.baseUrl })
  .trim()
  .max(2048, apiKeyMessages.baseUrl)
  .refine(storableText, apiKeyMessages.baseUrl)
  .nullish();

/** bison needs a valid base URL; for the other platforms it is ignored (and stored as null). */
function requireBisonBaseUrl(
  value: { platform: Platform; baseUrl?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.platform === 'bison' && !(value.baseUrl && isHttpUrl(value.baseUrl))) {
    ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: apiKeyMessages.baseUrl });
  }
}

/** Body of POST /api/admin/dashboard/api-keys (spec §5 "API key create", its messages in the order the screen checks them). */
export const apiKeyCreate = z
  .object({
    platform: z.enum(platforms, { error: apiKeyMessages.platform }),
    apiKey: apiKeyText,
    description: z
      .string({ error: apiKeyMessages.description })
      .trim()
      .min(1, apiKeyMessages.description)
      .max(255, 'The description is at most 255 characters')
      .refine(storableText, apiKeyMessages.description),
    userProfileId: z
      .number({ error: apiKeyMessages.userProfileId })
      .int(apiKeyMessages.userProfileId)
      .positive(apiKeyMessages.userProfileId)
      .max(MAX_ID, apiKeyMessages.userProfileId),
    baseUrl: baseUrlText,
  })
  .superRefine(requireBisonBaseUrl);
export type ApiKeyCreate = z.input<typeof apiKeyCreate>;

/**
 * Body of PUT /api/admin/dashboard/api-keys/{id} (spec §5 "API key update"). The key is checked with
 * the platform first: when the platform refuses it the answer is 400 with the platform's message and
 * nothing changes. A description left out keeps the stored one.
 */
export const apiKeyUpdate = z
  .object({
    platform: z.enum(platforms, { error: apiKeyMessages.platform }),
    apiKey: apiKeyText,
    description: z
      .string({ error: apiKeyMessages.description })
      .trim()
      .max(255, 'The description is at most 255 characters')
      .refine(storableText, apiKeyMessages.description)
      .optional(),
    baseUrl: baseUrlText,
  })
  .superRefine(requireBisonBaseUrl);
export type ApiKeyUpdate = z.input<typeof apiKeyUpdate>;

/** Body of POST /api/admin/dashboard/api-keys/check: a key checked with its platform, nothing stored. */
export const apiKeyCheck = z
  .object({
    platform: z.enum(platforms, { error: apiKeyMessages.platform }),
    apiKey: apiKeyText,
    baseUrl: baseUrlText,
  })
  .superRefine(requireBisonBaseUrl);
export type ApiKeyCheck = z.input<typeof apiKeyCheck>;

/** The platform's verdict: valid, or not with the platform's own message. */
export const apiKeyCheckResult = z.object({ isValid: z.boolean(), message: z.string() });
export type ApiKeyCheckResult = z.infer<typeof apiKeyCheckResult>;

/** PUT /api/admin/dashboard/api-keys/{id}/validate: the key re-checked with its platform, the verdict stored. */
export const apiKeyValidation = z.object({ id: z.number().int(), isValid: z.boolean() });
export type ApiKeyValidation = z.infer<typeof apiKeyValidation>;

export const deletedApiKey = z.object({ id: z.number().int() });

/** GET /api/admin/dashboard/api-keys/{id}/reveal: the stored key in full. */
export const apiKeyReveal = z.object({ apiKey: z.string() });
export type ApiKeyReveal = z.infer<typeof apiKeyReveal>;

/**
 * spec §3 "Lead category". smartlead: the platform's categories (numeric ids); instantly: its lead
 * labels (uuid ids); bison: the fixed { id: 'lead_interested', name: 'Interested' } (created_at null);
 * heyreach: the categories users added (id = the derived categoryId).
 */
export const leadCategory = z.object({
  id: z.union([z.number().int(), z.string()]),
  created_at: z.string().nullable(),
  name: z.string(),
});
export type LeadCategory = z.infer<typeof leadCategory>;
export const leadCategoryList = z.array(leadCategory);

/** The bison platform's one fixed category (spec §4 "Webhook create flow"): the one definition the rules, the screens and the api's adapter use. */
export const bisonLeadCategory = { id: 'lead_interested', name: 'Interested' } as const;

/**
 * Body of POST /api/admin/dashboard/api-keys/{id}/lead-categories (heyreach keys only). categoryId is
 * the name lowercased with spaces replaced by underscores (shared/rules `leadCategoryId`); when left
 * out the server derives it. userProfileId, when sent, must be the key's profile. Categories already
 * there are kept as they are. Answers the key's categories after the add.
 */
export const leadCategoriesAdd = z.object({
  categories: z
    .array(
      z.object({
        categoryName: z
          .string({ error: 'Enter a category name' })
          .trim()
          .min(1, 'Enter a category name')
          .max(255, 'A category name is at most 255 characters')
          .refine(storableText, 'Enter a category name'),
        categoryId: z
          .string()
          .trim()
          .max(255, 'A category id is at most 255 characters')
          .refine(storableText, 'Enter a category id')
          .optional(),
        userProfileId: z.number().int().positive().max(MAX_ID).optional(),
      }),
      { error: 'Add at least one category' },
    )
    .min(1, 'Add at least one category')
    .max(500, 'Add at most 500 categories at a time'),
});
export type LeadCategoriesAdd = z.input<typeof leadCategoriesAdd>;

export const apiKeyIdParams = z.object({ id: recordId });
export const userIdParams = z.object({ userId: recordId });

/** Query of GET /api/admin/dashboard/users/{userId}/api-keys: one platform, or every platform when left out. */
export const userApiKeysQuery = z.object({
  platform: z
    .enum(platforms, { error: 'platform must be one of smartlead, instantly, bison, heyreach' })
    .optional(),
});

export const apiKeyOperations = defineOperations({
  listApiKeys: { method: 'GET', path: '/api/admin/dashboard/api-keys', response: apiKeyLists },
  createApiKey: {
    method: 'POST',
    path: '/api/admin/dashboard/api-keys',
    body: apiKeyCreate,
    response: apiKey,
  },
  checkApiKey: {
    method: 'POST',
    path: '/api/admin/dashboard/api-keys/check',
    body: apiKeyCheck,
    response: apiKeyCheckResult,
  },
  updateApiKey: {
    method: 'PUT',
    path: '/api/admin/dashboard/api-keys/{id}',
    params: apiKeyIdParams,
    body: apiKeyUpdate,
    response: apiKey,
  },
  validateApiKey: {
    method: 'PUT',
    path: '/api/admin/dashboard/api-keys/{id}/validate',
    params: apiKeyIdParams,
    response: apiKeyValidation,
  },
  /** The full key, for its owner and whoever may change it (admins); answered with Cache-Control: no-store. */
  revealApiKey: {
    method: 'GET',
    path: '/api/admin/dashboard/api-keys/{id}/reveal',
    params: apiKeyIdParams,
    response: apiKeyReveal,
  },
  deleteApiKey: {
    method: 'DELETE',
    path: '/api/admin/dashboard/smartlead/{id}',
    params: apiKeyIdParams,
    response: deletedApiKey,
  },
  listLeadCategories: {
    method: 'GET',
    path: '/api/admin/dashboard/api-keys/{id}/lead-categories',
    params: apiKeyIdParams,
    response: leadCategoryList,
  },
  addLeadCategories: {
    method: 'POST',
    path: '/api/admin/dashboard/api-keys/{id}/lead-categories',
    params: apiKeyIdParams,
    body: leadCategoriesAdd,
    response: leadCategoryList,
  },
  /** {userId} is a dashboard user's id (users.id). The user themselves, managers and admins may read it. */
  listUserApiKeys: {
    method: 'GET',
    path: '/api/admin/dashboard/users/{userId}/api-keys',
    params: userIdParams,
    query: userApiKeysQuery,
    response: z.array(apiKey),
  },
});
