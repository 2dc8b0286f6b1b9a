import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { randomToken } from '../../core/ids.js';
import type { ProviderContext } from '../../core/provider.js';
import { invalidSession } from './errors.js';
import type { SalesforceState } from './state.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The connected user behind the caller's access token. */
    salesforceUserId: string | null;
  }
}

/** The identity URL the token answer carries and GET /id/{org}/{user} serves. */
export function identityUrl(ctx: ProviderContext<SalesforceState>, userId: string): string {
  return `${ctx.baseUrl}/id/${ctx.state.org.id}/${userId}`;
}

/**
 * A token answer as the web-server flow returns it. The signature is base64(HMAC-SHA256(id + issued_at))
 * keyed with the consumer secret, as Salesforce documents; a refresh answer has no new refresh_token.
 */
export function issueTokens(
  ctx: ProviderContext<SalesforceState>,
  userId: string,
  refreshToken?: string,
) {
  const state = ctx.state;
  const accessToken = `${state.org.id}!${randomToken('', 40)}`;
  state.accessTokens.set(accessToken, {
    token: accessToken,
    userId,
    expiresAt: ctx.now() + ctx.config.salesforce.accessTokenTtlSeconds * 1000,
  });
  const id = identityUrl(ctx, userId);
  const issuedAt = String(ctx.now());
  const signature = crypto
    .createHmac('sha256', ctx.config.salesforce.consumerSecret)
    .update(id + issuedAt)
    .digest('base64');
  let newRefresh: string | undefined;
  if (!refreshToken) {
    newRefresh = randomToken('5Aep861', 40);
    state.refreshTokens.set(newRefresh, { token: newRefresh, userId });
  }
  return {
    access_token: accessToken,
    ...(newRefresh ? { refresh_token: newRefresh } : {}),
    signature,
    scope: 'refresh_token api id',
    instance_url: ctx.baseUrl,
    id,
    token_type: 'Bearer',
    issued_at: issuedAt,
  };
}

/** REST calls need a live access token: 401 INVALID_SESSION_ID otherwise. */
export function addSessionGuard(app: FastifyInstance, ctx: ProviderContext<SalesforceState>): void {
  app.decorateRequest('salesforceUserId', null);
  app.addHook('preHandler', async (request, reply) => {
    const match = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = match ? ctx.state.accessTokens.get(match[1]!) : undefined;
    if (!token || token.expiresAt <= ctx.now()) return reply.code(401).send(invalidSession());
    request.salesforceUserId = token.userId;
    return undefined;
  });
}
