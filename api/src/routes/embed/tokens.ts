import type { FastifyPluginAsync } from 'fastify';
import { embedToken, embedTokenRequest, type ErrorBody } from 'shared/contract';
import { asHttpError } from '../../http/domain-status.js';
import { bearerToken } from '../../http/bearer-token.js';
import { mintEmbedToken } from '../../services/embed-tokens.js';

/**
 * POST /embed/tokens: server to server (no browser, no cookie, no Origin), so outside the dashboard's
 * Origin check. `Authorization: Bearer <embed key>`, body { email, areas }; answers { token,
 * expiresAt, areas }. The answer is never cached and the token is logged nowhere.
 */
export const embedTokenRoutes: FastifyPluginAsync = async (app) => {
  app.post('/embed/tokens', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const key = bearerToken(request.headers.authorization);
    if (key === undefined)
      return reply
        .status(401)
        .send({ message: 'Send the embed key as Authorization: Bearer <key>' } satisfies ErrorBody);
    const body = embedTokenRequest.safeParse(request.body);
    if (!body.success)
      return reply
        .status(400)
        .send({ message: body.error.issues[0]?.message ?? 'Bad request' } satisfies ErrorBody);
    try {
      return embedToken.parse(await mintEmbedToken(app.deps, key, body.data));
    } catch (error) {
      throw asHttpError(error);
    }
  });
};
