import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../auth/cookies.js';
import type { UserRecord } from '../../records/user.js';
import { userOfSession } from '../../services/sessions.js';

/** The signed-in user of a plain (non-contract) route, from the session cookie; undefined without a valid session. */
export async function sessionUser(request: FastifyRequest): Promise<UserRecord | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? userOfSession(request.server.deps, token) : undefined;
}
