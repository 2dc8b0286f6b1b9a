import { isAdmin, isManagerOrAdmin } from 'shared/rules';
/** GET /api/admin/me. CRM profiles (userProfiles) arrive in a later issue. */
export function toCurrentUser(user) {
    return {
        id: user.id,
        isPaidTier: user.isPaidTier,
        isManagerOrAdmin: isManagerOrAdmin(user.role),
        isAdmin: isAdmin(user.role),
        role: user.role,
        userProfiles: [],
        details: { nickname: user.nickname, email: user.email, picture: user.picture },
    };
}
/** One row of the Users screen. */
export function toDashboardUser(user) {
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
//# sourceMappingURL=users.js.map