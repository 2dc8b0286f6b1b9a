import type { FastifyRequest } from 'fastify';
import type { EmbedArea } from 'shared/contract';
import { SESSION_COOKIE } from '../auth/cookies.js';
import { bearerToken } from '../http/bearer-token.js';
import { asHttpError } from '../http/domain-status.js';
import { unauthorized } from '../http/http-error.js';
import { findSessionUserId } from '../repositories/sessions.js';
import { findUserById, type UserRecord } from '../repositories/users.js';
import { verifyEmbedToken } from '../services/embed-tokens.js';
import { isDeployToken, offeredDeployToken } from './deploy-token.js';
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
  app.decorateRequest('byDeployToken', false);
});

/**
 * onRequest hook of /api/admin/*: a valid, unexpired session or 401, before the body is even read.
 * A route that accepts the deploy token takes a call bearing it instead (and 401 for a wrong one). A
 * call with `Authorization: Bearer` elsewhere (an embedded area on another site) is the embed token's
 * user, limited to its areas (contractRoute), and its cookies are not looked at: a page elsewhere
 * cannot borrow a signed-in person's session by adding a header.
 */
export async function requireSession(request: FastifyRequest): Promise<void> {
  const offered = offeredDeployToken(request);
  if (offered !== undefined) {
    if (!isDeployToken(offered, request.server.deps.config.deployToken)) throw unauthorized();
    request.byDeployToken = true;
    return;
  }
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
  const user = await sessionUser(request);
  if (!user) throw unauthorized();
  request.currentUser = user;
}

/** The user of the call's session cookie, if it has a valid one. */
export async function sessionUser(request: FastifyRequest): Promise<UserRecord | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return undefined;
  const userId = await findSessionUserId(request.server.db, token, request.server.clock.now());
  return userId === undefined ? undefined : findUserById(request.server.db, userId);
}
