import { SESSION_COOKIE } from '../../auth/cookies.js';
import { findSessionUserId } from '../../repositories/sessions.js';
import { findUserById } from '../../repositories/users.js';
/** The signed-in user of a plain (non-contract) route, from the session cookie; undefined without a valid session. */
export async function sessionUser(request) {
    const token = request.cookies[SESSION_COOKIE];
    if (!token)
        return undefined;
    const userId = await findSessionUserId(request.server.db, token, request.server.clock.now());
    return userId === undefined ? undefined : findUserById(request.server.db, userId);
}
//# sourceMappingURL=session-user.js.map