import { z } from 'zod';
import { role } from './current-user.js';
import { defineOperations } from './define-operations.js';
import { recordIdParams } from './ids.js';

export const userPermissionFlags = ['canWebhook', 'canUserAccount', 'canBlockList'] as const;
export type UserPermissionFlag = (typeof userPermissionFlags)[number];

/** One row of the Users screen (spec §2 "Users screen"). */
export const dashboardUser = z.object({
  id: z.number().int(),
  accountId: z.string(),
  organizationId: z.number().int().nullable(),
  account: z.string().nullable(),
  email: z.string(),
  role: role.nullable(),
  hubDomain: z.string().nullable(),
  canWebhook: z.boolean(),
  canUserAccount: z.boolean(),
  canBlockList: z.boolean(),
});
export type DashboardUser = z.infer<typeof dashboardUser>;

export const dashboardUserList = z.array(dashboardUser);

/** Body of PUT /api/admin/dashboard/users/{id}: the three permission flags, all required. */
export const userPermissionsUpdate = z.strictObject({
  canWebhook: z.boolean(),
  canUserAccount: z.boolean(),
  canBlockList: z.boolean(),
});
export type UserPermissionsUpdate = z.infer<typeof userPermissionsUpdate>;

export const idParams = recordIdParams;

export const userOperations = defineOperations({
  listUsers: { method: 'GET', path: '/api/admin/dashboard/users', response: dashboardUserList },
  updateUser: {
    method: 'PUT',
    path: '/api/admin/dashboard/users/{id}',
    params: idParams,
    body: userPermissionsUpdate,
    response: dashboardUser,
  },
});
