import { z } from 'zod';
import { defineOperations } from './define-operations.js';
import { recordIdParams } from './ids.js';

/** Stored texts refuse the NUL character (PostgreSQL text cannot hold it; SQLite answers the same). */
const noNul = (value: string): boolean => !value.includes('\u0000');

/** spec §3 "Webhook endpoint (user account)", with the CRM profile it belongs to. */
export const userAccount = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  /** True where the signed-in user may delete it: its owner, or an admin. */
  canDelete: z.boolean(),
  /** True where the signed-in user may read its signing secret (revealWebhookEndpointSecret): its owner, or an admin. */
  canRevealSecret: z.boolean(),
  userProfileId: z.number().int(),
});
export type UserAccount = z.infer<typeof userAccount>;

/**
 * Body of POST /api/admin/user-accounts. The server answers the spec §5 texts: "Select Profile"
 * (userProfileId null), "Fill URL", "Fill Description" (blank), "Your webhook URL is not accepting
 * data" (not an http(s) URL).
 */
export const userAccountCreate = z.object({
  url: z
    .string({ error: 'Fill URL' })
    .max(2000)
    .refine(noNul, 'Your webhook URL is not accepting data'),
  description: z
    .string({ error: 'Fill Description' })
    .max(1000)
    .refine(noNul, 'Must not contain the NUL character'),
  userProfileId: z
    .number({ error: 'Select Profile' })
    .int()
    .positive()
    .max(2_147_483_647)
    .nullable(),
});
export type UserAccountCreate = z.infer<typeof userAccountCreate>;

export const deletedRecord = z.object({ id: z.number().int() });
export type DeletedRecord = z.infer<typeof deletedRecord>;

/** GET /api/admin/user-accounts/{id}/secret: the endpoint's Standard Webhooks signing secret (`whsec_…`). */
export const webhookEndpointSecret = z.object({ secret: z.string() });
export type WebhookEndpointSecret = z.infer<typeof webhookEndpointSecret>;

export const userAccountOperations = defineOperations({
  /** Regular users: their own. Managers and admins: everyone's (canDelete only where they may). */
  listUserAccounts: {
    method: 'GET',
    path: '/api/admin/user-accounts',
    response: z.array(userAccount),
  },
  /** Needs canUserAccount; the profile must be the caller's own. */
  createUserAccount: {
    method: 'POST',
    path: '/api/admin/user-accounts',
    body: userAccountCreate,
    response: userAccount,
  },
  /** The owner or an admin. */
  deleteUserAccount: {
    method: 'DELETE',
    path: '/api/admin/user-accounts/{id}',
    params: recordIdParams,
    response: deletedRecord,
  },
  /** The owner or an admin: the secret its deliveries are signed with. */
  revealWebhookEndpointSecret: {
    method: 'GET',
    path: '/api/admin/user-accounts/{id}/secret',
    params: recordIdParams,
    response: webhookEndpointSecret,
  },
});
