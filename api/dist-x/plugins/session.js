import { SESSION_COOKIE } from '../auth/cookies.js';
import { unauthorized } from '../http/http-error.js';
import { findSessionUserId } from '../repositories/sessions.js';
import { findUserById } from '../repositories/users.js';
import { globalPlugin } from './global-plugin.js';
export const sessionPlugin = globalPlugin(async (app) => {
    app.decorateRequest('currentUser', null);
});
/** onRequest hook of /api/admin/*: a valid, unexpired session or 401, before the body is even read. */
export async function requireSession(request) {
    const token = request.cookies[SESSION_COOKIE];
    if (!token)
        throw unauthorized();
    const userId = await findSessionUserId(request.server.db, token, request.server.clock.now());
    const user = userId === undefined ? undefined : await findUserById(request.server.db, userId);
    if (!user)
        throw unauthorized();
    request.currentUser = user;
}
//# sourceMappingURL=session.js.map