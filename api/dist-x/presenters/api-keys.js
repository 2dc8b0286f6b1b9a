import { mayActOn } from '../authz/index.js';
/** A key as lists show it: dots and the last 4 characters (dots only for a short key). The full key is revealed on request. */
export function maskApiKey(key) {
    return key.length > 8 ? `••••${key.slice(-4)}` : '••••';
}
/**
 * spec §3 "API key". canManage is the rule of PUT, validate, DELETE and adding lead categories
 * (the policy of updateApiKey, the same as validate, delete and add lead categories).
 */
export function toApiKey(record, view) {
    return {
        id: record.id,
        apiKey: maskApiKey(view.plainKey),
        description: record.description,
        platform: record.platform,
        baseUrl: record.platform === 'bison' ? record.baseUrl : null,
        userProfileId: record.userProfileId,
        userProfile: {
            id: record.profile.id,
            profile: record.profile.crm,
            email: record.profile.email,
            organizationId: record.profile.organizationId,
            organizationDomain: record.profile.organizationDomain,
        },
        isValid: record.isValid,
        syncBlockList: view.syncBlockList ?? [],
        createdAt: record.createdAt,
        canManage: mayActOn(view.viewer, 'updateApiKey', record),
    };
}
/** A category read from a platform. */
export const toLeadCategory = (category) => ({ id: category.id, created_at: category.created_at, name: category.name });
/** A category a user added (heyreach): its id is the derived categoryId. */
export const toStoredLeadCategory = (row) => ({ id: row.category_id, created_at: row.created_at, name: row.name });
//# sourceMappingURL=api-keys.js.map