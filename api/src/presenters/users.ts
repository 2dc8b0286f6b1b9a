import type { CurrentUser, DashboardUser } from 'shared/contract';
import { isAdmin, isManagerOrAdmin } from 'shared/rules';
import type { UserRecord } from '../repositories/users.js';

/** GET /api/admin/me: the user and the ids of their CRM profiles (spec §3 "Current user"). */
export function toCurrentUser(user: UserRecord, userProfileIds: readonly number[]): CurrentUser {
  return {
    id: user.id,
    isPaidTier: user.isPaidTier,
    isManagerOrAdmin: isManagerOrAdmin(user.role),
    isAdmin: isAdmin(user.role),
    role: user.role,
    userProfiles: userProfileIds.map((userProfileId) => ({ userProfileId })),
    details: { nickname: user.nickname, email: user.email, picture: user.picture },
  };
}

/** One row of the Users screen. */
export function toDashboardUser(user: UserRecord): DashboardUser {
  return {
    id: user.id,
    accountId: user.accountId,
    organizationId: user.organizationId,
    account: user.organizationName,
    email: user.email,
    role: user.role,
    hubDomain: user.organizationDomain,
    canWebhook: user.canWebhook,
    canUserAccount: user.canUserAccount,
    canBlockList: user.canBlockList,
  };
}
