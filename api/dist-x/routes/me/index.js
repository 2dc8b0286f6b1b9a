import { contractRoute } from '../../http/contract-route.js';
import { toCurrentUser } from '../../presenters/users.js';
import { listUserProfileIds } from '../../repositories/user-profiles.js';
/** GET /api/admin/me */
export const meRoutes = async (app) => {
    contractRoute(app, 'getMe', {
        handler: async ({ user }) => ({
            ...toCurrentUser(user),
            userProfiles: (await listUserProfileIds(app.db, user.id)).map((userProfileId) => ({ userProfileId })),
        }),
    });
};
//# sourceMappingURL=index.js.map