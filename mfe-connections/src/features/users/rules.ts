import { userPermissionFlags, type DashboardUser, type Role, type UserPermissionFlag, type UserPermissionsUpdate } from 'shared/contract';

/** The Role column: ADMIN or MANAGER as they are, "User" for a regular user (role null). */
export const roleLabel = (role: Role | null): string => role ?? 'User';

/** What an empty cell shows (organization, account and hub domain may be missing). */
export const EMPTY_CELL = '—';
export const cellText = (value: string | number | null): string => (value === null || value === '' ? EMPTY_CELL : String(value));

/** The three permission flags of a row, and nothing else: the body of PUT /api/admin/dashboard/users/{id}. */
export const permissionFlagsOf = (user: UserPermissionsUpdate): UserPermissionsUpdate => ({
  canWebhook: user.canWebhook,
  canUserAccount: user.canUserAccount,
  canBlockList: user.canBlockList,
});

/** The flags with one of them set or cleared. */
export const withFlag = (flags: UserPermissionsUpdate, flag: UserPermissionFlag, granted: boolean): UserPermissionsUpdate => ({ ...flags, [flag]: granted });

/** The flags a user has, in the spec's order (canWebhook, canUserAccount, canBlockList). */
export const grantedFlags = (flags: UserPermissionsUpdate): UserPermissionFlag[] => userPermissionFlags.filter((flag) => flags[flag]);

/** The list after a save: the updated user takes the place of the row with its id. */
export const replaceUser = (users: readonly DashboardUser[], updated: DashboardUser): DashboardUser[] =>
  users.map((user) => (user.id === updated.id ? updated : user));

