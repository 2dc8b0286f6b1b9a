import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../core/ids.js';
import type { ProviderContext } from '../../core/provider.js';
import { addSessionGuard, identityUrl, issueTokens } from './auth.js';
import { authorizeErrorPage, consentPage, type AuthorizeParams } from './consent-page.js';
import { oauthError } from './errors.js';
import type { SalesforceState } from './state.js';

const codeLifetimeMs = 15 * 60_000;

function validRedirect(uri: string | undefined): uri is string {
  try {
    return uri !== undefined && ['http:', 'https:'].includes(new URL(uri).protocol);
  } catch {
    return false;
  }
}

function redirectWith(
  reply: FastifyReply,
  uri: string,
  params: Record<string, string | undefined>,
): FastifyReply {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return reply.redirect(url.toString(), 302);
}

/** client_id/client_secret from the form body, or from HTTP Basic authentication. */
function clientCredentials(
  request: FastifyRequest<{ Body: Record<string, string | undefined> | undefined }>,
): { id?: string; secret?: string } {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (basic) {
    const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
    return { id, secret };
  }
  return { id: request.body?.client_id, secret: request.body?.client_secret };
}

/**
 * The web-server OAuth flow on the org's My Domain: consent page, token endpoint (authorization_code and
 * refresh_token grants checking the consumer key and secret), userinfo, identity URL and revoke.
 */
export function salesforceOAuthRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<SalesforceState>,
): void {
  const { consumerKey, consumerSecret } = ctx.config.salesforce;
  const action = `${ctx.prefix}/services/oauth2/authorize`;

  const checkAuthorize = (params: Partial<AuthorizeParams>): [string, string] | undefined => {
    if (params.client_id !== consumerKey) return ['invalid_client_id', 'client identifier invalid'];
    if (!validRedirect(params.redirect_uri))
      return ['redirect_uri_mismatch', 'redirect_uri must match configuration'];
    return undefined;
  };

  app.get<{ Querystring: Partial<AuthorizeParams> }>(
    '/services/oauth2/authorize',
    async (request, reply) => {
      const problem = checkAuthorize(request.query);
      if (problem)
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(authorizeErrorPage(...problem));
      if (request.query.response_type !== 'code') {
        return redirectWith(reply, request.query.redirect_uri!, {
          error: 'unsupported_response_type',
          error_description: 'response type not supported',
          state: request.query.state,
        });
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(
          consentPage(
            ctx.state,
            request.query as AuthorizeParams,
            action,
            request.headers.host ?? '',
          ),
        );
    },
  );

  app.post<{ Body: (Partial<AuthorizeParams> & { decision?: string }) | undefined }>(
    '/services/oauth2/authorize',
    async (request, reply) => {
      const body = request.body ?? {};
      const problem = checkAuthorize(body);
      if (problem)
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(authorizeErrorPage(...problem));
      if (body.decision !== 'connect')
        return redirectWith(reply, body.redirect_uri!, {
          error: 'access_denied',
          error_description: 'end-user denied authorization',
          state: body.state,
        });
      const code = randomToken('aPrx', 30);
      ctx.state.codes.set(code, {
        code,
        redirectUri: body.redirect_uri!,
        userId: ctx.state.connectedUserId,
        expiresAt: ctx.now() + codeLifetimeMs,
      });
      return redirectWith(reply, body.redirect_uri!, { code, state: body.state });
    },
  );

  app.post<{ Body: Record<string, string | undefined> | undefined }>(
    '/services/oauth2/token',
    async (request, reply) => {
      const body = request.body ?? {};
      const state = ctx.state;
      const client = clientCredentials(request);
      if (body.grant_type !== 'authorization_code' && body.grant_type !== 'refresh_token')
        return reply
          .code(400)
          .send(oauthError('unsupported_grant_type', 'grant type not supported'));
      if (client.id !== consumerKey)
        return reply.code(400).send(oauthError('invalid_client_id', 'client identifier invalid'));
      if (client.secret !== consumerSecret)
        return reply.code(400).send(oauthError('invalid_client', 'invalid client credentials'));
      if (body.grant_type === 'refresh_token') {
        const refresh =
          body.refresh_token === undefined
            ? undefined
            : state.refreshTokens.get(body.refresh_token);
        if (!refresh)
          return reply.code(400).send(oauthError('invalid_grant', 'expired access/refresh token'));
        return issueTokens(ctx, refresh.userId, refresh.token);
      }
      const code = body.code === undefined ? undefined : state.codes.get(body.code);
      if (!code || code.expiresAt <= ctx.now()) {
        if (code) state.codes.delete(code.code);
        return reply.code(400).send(oauthError('invalid_grant', 'invalid authorization code'));
      }
      if (body.redirect_uri !== code.redirectUri)
        return reply
          .code(400)
          .send(oauthError('redirect_uri_mismatch', 'redirect_uri must match configuration'));
      state.codes.delete(code.code);
      return issueTokens(ctx, code.userId);
    },
  );

  app.post<{
    Body: Record<string, string | undefined> | undefined;
    Querystring: { token?: string };
  }>('/services/oauth2/revoke', async (request, reply) => {
    const token = request.body?.token ?? request.query.token;
    const state = ctx.state;
    const known =
      token !== undefined &&
      (state.accessTokens.delete(token) || state.refreshTokens.delete(token));
    if (!known)
      return reply
        .code(400)
        .send(oauthError('unsupported_token_type', 'this token type is not supported'));
    return reply.code(200).send();
  });

  // Userinfo and the identity URL need the access token.
  void app.register(async (secured) => {
    addSessionGuard(secured, ctx);
    const userinfo = (userId: string) => {
      const state = ctx.state;
      const user = state.records.User!.find((candidate) => candidate.Id === userId)!;
      const id = identityUrl(ctx, userId);
      return {
        sub: id,
        user_id: user.Id,
        organization_id: state.org.id,
        preferred_username: user.Username,
        nickname: user.Alias,
        name: user.Name,
        email: user.Email,
        email_verified: true,
        given_name: user.FirstName,
        family_name: user.LastName,
        zoneinfo: user.TimeZoneSidKey,
        photos: {
          picture: `${ctx.baseUrl}/profilephoto/005/F`,
          thumbnail: `${ctx.baseUrl}/profilephoto/005/T`,
        },
        profile: `${ctx.baseUrl}/${user.Id}`,
        picture: `${ctx.baseUrl}/profilephoto/005/F`,
        address: {},
        is_salesforce_integration_user: false,
        urls: {
          enterprise: `${ctx.baseUrl}/services/Soap/c/{version}/${state.org.id.slice(0, 15)}`,
          rest: `${ctx.baseUrl}/services/data/v{version}/`,
          sobjects: `${ctx.baseUrl}/services/data/v{version}/sobjects/`,
          query: `${ctx.baseUrl}/services/data/v{version}/query/`,
          profile: `${ctx.baseUrl}/${user.Id}`,
        },
        active: true,
        user_type: 'STANDARD',
        language: 'en_US',
        locale: 'en_US',
        utcOffset: -28800000,
        updated_at: user.LastModifiedDate,
        is_app_installed: true,
      };
    };
    secured.get('/services/oauth2/userinfo', async (request) =>
      userinfo(request.salesforceUserId!),
    );
    secured.post('/services/oauth2/userinfo', async (request) =>
      userinfo(request.salesforceUserId!),
    );
    secured.get<{ Params: { orgId: string; userId: string } }>(
      '/id/:orgId/:userId',
      async (request, reply) => {
        if (
          request.params.orgId !== ctx.state.org.id ||
          request.params.userId !== request.salesforceUserId
        )
          return reply.code(403).send({ error: 'Bad_Id' });
        const info = userinfo(request.params.userId);
        return {
          id: info.sub,
          asserted_user: true,
          user_id: info.user_id,
          organization_id: info.organization_id,
          username: info.preferred_username,
          nick_name: info.nickname,
          display_name: info.name,
          email: info.email,
          first_name: info.given_name,
          last_name: info.family_name,
          active: true,
          user_type: 'STANDARD',
          urls: info.urls,
        };
      },
    );
  });
}
