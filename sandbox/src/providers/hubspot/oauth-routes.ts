import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomToken } from '../../core/ids.js';
import type { ProviderContext } from '../../core/provider.js';
import { issueAccessToken } from './auth.js';
import { authorizeErrorPage, consentPage, type AuthorizeParams } from './consent-page.js';
import { hubspotError, oauthError } from './errors.js';
import type { HubSpotState } from './state.js';

const codeLifetimeMs = 10 * 60_000;

function isAbsoluteUrl(value: string | undefined): value is string {
  try {
    return value !== undefined && ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function redirectWith(
  reply: FastifyReply,
  redirectUri: string,
  params: Record<string, string | undefined>,
): FastifyReply {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return reply.redirect(url.toString(), 302);
}

function splitScopes(...values: (string | undefined)[]): string[] {
  return [...new Set(values.flatMap((value) => (value ?? '').split(/[\s+,]+/)).filter(Boolean))];
}

/**
 * OAuth for a public app: the install (consent) page, the v1 token endpoint with authorization_code and
 * refresh_token grants, and token metadata.
 */
export function hubspotOAuthRoutes(app: FastifyInstance, ctx: ProviderContext<HubSpotState>): void {
  const { clientId, clientSecret } = ctx.config.hubspot;
  const authorizePath = `${ctx.prefix}/oauth/authorize`;

  const checkAuthorize = (params: Partial<AuthorizeParams>): string | undefined => {
    if (params.client_id !== clientId)
      return "Authorization failed because this application's client ID is invalid.";
    if (!isAbsoluteUrl(params.redirect_uri))
      return 'Authorization failed because the redirect URL is missing or invalid.';
    if (!params.scope?.trim()) return 'Authorization failed because no scopes were requested.';
    return undefined;
  };

  app.get<{ Querystring: Partial<AuthorizeParams> }>('/oauth/authorize', async (request, reply) => {
    const problem = checkAuthorize(request.query);
    if (problem)
      return reply.code(400).type('text/html; charset=utf-8').send(authorizeErrorPage(problem));
    return reply
      .type('text/html; charset=utf-8')
      .send(consentPage(ctx.state, request.query as AuthorizeParams, authorizePath));
  });

  // The consent form: Connect redirects back with a code, Cancel with error=access_denied.
  app.post<{ Body: Partial<AuthorizeParams> & { decision?: string } }>(
    '/oauth/authorize',
    async (request, reply) => {
      const body = request.body ?? {};
      const problem = checkAuthorize(body);
      if (problem)
        return reply.code(400).type('text/html; charset=utf-8').send(authorizeErrorPage(problem));
      const redirectUri = body.redirect_uri!;
      if (body.decision !== 'connect') {
        return redirectWith(reply, redirectUri, {
          error: 'access_denied',
          error_description: 'The user declined to install the app.',
          state: body.state,
        });
      }
      const code = randomToken('sbx-hs-code-', 18);
      ctx.state.codes.set(code, {
        code,
        clientId,
        redirectUri,
        scopes: splitScopes('oauth', body.scope, body.optional_scope),
        expiresAt: ctx.now() + codeLifetimeMs,
      });
      return redirectWith(reply, redirectUri, { code, state: body.state });
    },
  );

  app.post<{ Body: Record<string, string | undefined> | undefined }>(
    '/oauth/v1/token',
    async (request, reply) => {
      const body = request.body ?? {};
      const state = ctx.state;
      if (body.grant_type !== 'authorization_code' && body.grant_type !== 'refresh_token')
        return reply.code(400).send(oauthError('BAD_GRANT_TYPE', 'missing or invalid grant type'));
      if (body.client_id !== clientId)
        return reply.code(400).send(oauthError('BAD_CLIENT_ID', 'missing or unknown client id'));
      if (body.client_secret !== clientSecret)
        return reply
          .code(400)
          .send(oauthError('BAD_CLIENT_SECRET', 'missing or invalid client secret'));
      if (body.grant_type === 'refresh_token') {
        const refresh =
          body.refresh_token === undefined
            ? undefined
            : state.refreshTokens.get(body.refresh_token);
        if (!refresh)
          return reply
            .code(400)
            .send(oauthError('BAD_REFRESH_TOKEN', 'missing or invalid refresh token'));
        return issueAccessToken(ctx, refresh.scopes, refresh.token);
      }
      const code = body.code === undefined ? undefined : state.codes.get(body.code);
      if (!code)
        return reply.code(400).send(oauthError('BAD_AUTH_CODE', 'missing or unknown auth code'));
      state.codes.delete(code.code);
      if (code.expiresAt <= ctx.now())
        return reply.code(400).send(oauthError('EXPIRED_AUTH_CODE', 'auth code is expired'));
      if (body.redirect_uri !== code.redirectUri)
        return reply
          .code(400)
          .send(
            oauthError(
              'BAD_REDIRECT_URI',
              'redirect_uri does not match the one used to get the auth code',
            ),
          );
      return issueAccessToken(ctx, code.scopes);
    },
  );

  app.get<{ Params: { token: string } }>(
    '/oauth/v1/access-tokens/:token',
    async (request, reply) => {
      const state = ctx.state;
      const token = state.accessTokens.get(request.params.token);
      if (!token) return reply.code(404).send(hubspotError('OBJECT_NOT_FOUND', 'Token not found'));
      const expiresIn = Math.floor((token.expiresAt - ctx.now()) / 1000);
      if (expiresIn <= 0)
        return reply.code(404).send(hubspotError('OBJECT_NOT_FOUND', 'The token is expired'));
      return {
        token: token.token,
        user: state.portal.user.email,
        hub_domain: state.portal.hubDomain,
        scopes: token.scopes,
        hub_id: state.portal.hubId,
        app_id: state.portal.appId,
        expires_in: expiresIn,
        user_id: state.portal.user.id,
        token_type: 'access',
        is_private_distribution: false,
      };
    },
  );

  app.get<{ Params: { token: string } }>(
    '/oauth/v1/refresh-tokens/:token',
    async (request, reply) => {
      const state = ctx.state;
      const token = state.refreshTokens.get(request.params.token);
      if (!token) return reply.code(404).send(hubspotError('OBJECT_NOT_FOUND', 'Token not found'));
      return {
        token: token.token,
        user: state.portal.user.email,
        hub_domain: state.portal.hubDomain,
        scopes: token.scopes,
        hub_id: state.portal.hubId,
        client_id: clientId,
        user_id: state.portal.user.id,
        token_type: 'refresh',
      };
    },
  );

  app.delete<{ Params: { token: string } }>(
    '/oauth/v1/refresh-tokens/:token',
    async (request, reply) => {
      if (!ctx.state.refreshTokens.delete(request.params.token))
        return reply.code(404).send(hubspotError('OBJECT_NOT_FOUND', 'Token not found'));
      return reply.code(204).send();
    },
  );
}
