import type { FastifyRequest } from 'fastify';
import type { EmbedArea } from 'shared/contract';
import { SESSION_COOKIE } from '../auth/cookies.js';
import { bearerToken } from '../http/bearer-token.js';
import { asHttpError } from '../http/domain-status.js';
import { unauthorized } from '../http/http-error.js';
import { findSessionUserId } from '../repositories/sessions.js';
import { findUserById, type UserRecord } from '../repositories/users.js';
import { verifyEmbedToken } from '../services/embed-tokens.js';
import { globalPlugin } from './global-plugin.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSession for the signed-in user. */
    currentUser: UserRecord | null;
    /** The areas of the embed token the call came with (null: a session's call, any area). */
    embedAreas: EmbedArea[] | null;
  }
}

export const sessionPlugin = globalPlugin(async (app) => {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('embedAreas', null);
});

/**
 * onRequest hook of /api/admin/*: a valid, unexpired session or 401, before the body is even read. A
 * call with `Authorization: Bearer` (an embedded area on another site) is the embed token's user,
 * limited to its areas (contractRoute), and its cookies are not looked at: a page elsewhere cannot
 * borrow a signed-in person's session by adding a header.
 */
export async function requireSession(request: FastifyRequest): Promise<void> {
  const embedToken = bearerToken(request.headers.authorization);
  if (embedToken !== undefined) {
    const caller = await verifyEmbedToken(request.server.deps, embedToken).catch(
      (error: unknown) => {
        throw asHttpError(error);
      },
    );
    request.currentUser = caller.user;
    request.embedAreas = caller.areas;
    return;
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw unauthorized();
  const userId = await findSessionUserId(request.server.db, token, request.server.clock.now());
  const user = userId === undefined ? undefined : await findUserById(request.server.db, userId);
  if (!user) throw unauthorized();
  request.currentUser = user;
}
