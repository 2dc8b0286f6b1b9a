import { z } from 'zod';
import { defineOperations } from './define-operations.js';

export const roles = ['ADMIN', 'MANAGER'] as const;
export const role = z.enum(roles);
/** ADMIN, MANAGER, or null for a regular user. */
export type Role = z.infer<typeof role>;

export const crmTypes = ['HUBSPOT', 'SALESFORCE'] as const;
export const crmType = z.enum(crmTypes);
export type CrmType = z.infer<typeof crmType>;

/** spec §3 "Current user". */
export const currentUser = z.object({
  id: z.number().int(),
  isPaidTier: z.boolean(),
  isManagerOrAdmin: z.boolean(),
  isAdmin: z.boolean(),
  role: role.nullable(),
  userProfiles: z.array(z.object({ userProfileId: z.number().int() })),
  details: z.object({
    nickname: z.string(),
    email: z.string(),
    picture: z.string(),
  }),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const currentUserOperations = defineOperations({
  getMe: { method: 'GET', path: '/api/admin/me', response: currentUser },
});
