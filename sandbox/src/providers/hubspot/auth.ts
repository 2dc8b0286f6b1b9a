import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomToken } from '../../core/ids.js';
import type { ProviderContext } from '../../core/provider.js';
import { expiredAuthentication, invalidAuthentication, missingScopes } from './errors.js';
import type { ObjectType } from './model.js';
import type { AccessToken, HubSpotState } from './state.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** HubSpot scopes of which the token needs at least one. */
    hubspotScopes?: string[];
  }
  interface FastifyRequest {
    /** The caller's access token, once the guard accepted it. */
    hubspotToken: AccessToken | null;
  }
}

/** A 403 body when the caller's token has none of `anyOf`, else undefined. */
export function scopeProblem(request: FastifyRequest, anyOf: string[]) {
  const scopes = request.hubspotToken?.scopes ?? [];
  return anyOf.some((scope) => scopes.includes(scope)) ? undefined : missingScopes(anyOf);
}

export const readScopes = (type: ObjectType) =>
  type === 'companies'
    ? ['crm.objects.companies.read', 'crm.objects.companies.write']
    : ['crm.objects.contacts.read', 'crm.objects.contacts.write'];
export const writeScopes = (type: ObjectType) =>
  type === 'companies' ? ['crm.objects.companies.write'] : ['crm.objects.contacts.write'];

/** A new access token for the scopes granted; the refresh token is kept when refreshing. */
export function issueAccessToken(
  ctx: ProviderContext<HubSpotState>,
  scopes: string[],
  refreshToken?: string,
) {
  const state = ctx.state;
  const refresh = refreshToken ?? randomToken('sbx-hs-rt-');
  if (!refreshToken)
    state.refreshTokens.set(refresh, { token: refresh, scopes, createdAt: ctx.now() });
  const access: AccessToken = {
    token: randomToken('sbx-hs-at-', 36),
    refreshToken: refresh,
    scopes,
    expiresAt: ctx.now() + ctx.config.hubspot.accessTokenTtlSeconds * 1000,
  };
  state.accessTokens.set(access.token, access);
  return {
    token_type: 'bearer',
    refresh_token: refresh,
    access_token: access.token,
    expires_in: ctx.config.hubspot.accessTokenTtlSeconds,
    hub_id: state.portal.hubId,
    scopes,
  };
}

/**
 * Every CRM call needs a live access token from the sandbox's OAuth flow (Authorization: Bearer …), and
 * one of the scopes the route declares.
 */
export function addBearerGuard(app: FastifyInstance, ctx: ProviderContext<HubSpotState>): void {
  app.decorateRequest('hubspotToken', null);
  app.addHook('preHandler', async (request, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = match ? ctx.state.accessTokens.get(match[1]!) : undefined;
    if (!token) return reply.code(401).send(invalidAuthentication());
    const now = ctx.now();
    if (token.expiresAt <= now)
      return reply.code(401).send(expiredAuthentication(token.expiresAt, now));
    request.hubspotToken = token;
    const required = request.routeOptions.config.hubspotScopes;
    if (required && !required.some((scope) => token.scopes.includes(scope)))
      return reply.code(403).send(missingScopes(required));
    return undefined;
  });
}
