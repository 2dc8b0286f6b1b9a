import { mayActOn } from '../authz/index.js';
/** A row of the Webhook endpoint screen; canDelete and canRevealSecret are the DELETE and secret routes' policies. */
export function toUserAccount(record, viewer) {
    return {
        id: record.id,
        url: record.url,
        description: record.description,
        canDelete: mayActOn(viewer, 'deleteUserAccount', record),
        canRevealSecret: mayActOn(viewer, 'revealWebhookEndpointSecret', record),
        userProfileId: record.userProfileId,
    };
}
/** An endpoint as the webhook forms list it. */
export const toWebhookUserAccount = (record) => ({
    id: record.id,
    url: record.url,
    description: record.description,
});
//# sourceMappingURL=user-accounts.js.map