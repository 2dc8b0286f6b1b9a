import {
  userPermissionFlags,
  type Role,
  type UserPermissionFlag,
  type UserPermissionsUpdate,
} from '../contract/index.js';
import { withField, type FieldChange, type FormRules } from './form.js';

/** The success toast text after an admin saves a user's permission flags (spec §8). */
export const userUpdatedMessage = (email: string): string => `${email} updated`;

/** The words a person reads for each permission flag (spec §6); the flag names stay the field names. */
export const permissionLabels: Record<UserPermissionFlag, string> = {
  canWebhook: 'Webhooks',
  canUserAccount: 'Webhook endpoints',
  canBlockList: 'Block lists',
};

/** The flags a user has, in the spec's order (canWebhook, canUserAccount, canBlockList). */
export const grantedPermissions = (flags: UserPermissionsUpdate): UserPermissionFlag[] =>
  userPermissionFlags.filter((flag) => flags[flag]);

/** The Role column: Admin, Manager, or User for a regular user (no role). */
export const roleLabel = (role: Role | null): string =>
  role === 'ADMIN' ? 'Admin' : role === 'MANAGER' ? 'Manager' : 'User';

/** The update dialog's three checkboxes; the state is the body of PUT /api/admin/dashboard/users/{id}. */
export type UserPermissionsChange = FieldChange<UserPermissionsUpdate>;

export const userPermissionsOf = (user: UserPermissionsUpdate): UserPermissionsUpdate => ({
  canWebhook: user.canWebhook,
  canUserAccount: user.canUserAccount,
  canBlockList: user.canBlockList,
});

/** Any combination of the flags is allowed: the form never has a problem. */
export const userPermissionsForm: FormRules<
  UserPermissionsUpdate,
  UserPermissionsChange,
  UserPermissionsUpdate,
  UserPermissionFlag
> = {
  apply: withField,
  problem: () => null,
  toPayload: userPermissionsOf,
};
