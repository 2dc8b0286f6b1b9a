import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  LOGIN_COOKIE,
  SESSION_COOKIE,
  loginCookieOptions,
  sessionCookieOptions,
} from '../../auth/cookies.js';
import type { LoginChecks, RelyingParty } from '../../auth/oidc-client.js';
import { pageHeaders } from '../../idp/html.js';
import { renderLogoutPage } from '../../idp/pages.js';
import {
  endSession as endStoredSession,
  signInUserOf,
  startSession,
} from '../../services/sessions.js';

export interface AuthRoutesOptions {
  publicUrl: string;
  sessionTtlHours: number;
  relyingParty: RelyingParty;
}

const LOGIN_COOKIE_SECONDS = 10 * 60;
const SIGN_IN_UNAVAILABLE =
  'Sign-in is unavailable: the identity provider could not be reached. Try again in a moment.\n';

function readLoginChecks(request: FastifyRequest): LoginChecks | undefined {
  const raw = request.cookies[LOGIN_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(unsigned.value);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { state, nonce, codeVerifier } = parsed as Record<string, unknown>;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string')
      return undefined;
    return { state, nonce, codeVerifier };
  } catch {
    return undefined;
  }
}

/**
 * Sign-in as a backend for frontend: the browser only ever holds an httpOnly session cookie.
 * GET /auth/login → issuer → GET /auth/callback → session → /admin/dashboard; /oauth/logout ends it.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { publicUrl, sessionTtlHours, relyingParty },
) => {
  const sessionTtlMs = sessionTtlHours * 60 * 60 * 1000;

  app.get('/auth/login', async (request, reply) => {
    let login: Awaited<ReturnType<RelyingParty['startLogin']>>;
    try {
      login = await relyingParty.startLogin();
    } catch (error) {
      request.log.error({ err: error }, 'the OpenID Connect issuer could not be reached');
      return reply.status(502).type('text/plain; charset=utf-8').send(SIGN_IN_UNAVAILABLE);
    }
    const { url, checks } = login;
    reply.setCookie(
      LOGIN_COOKIE,
      JSON.stringify(checks),
      loginCookieOptions(publicUrl, LOGIN_COOKIE_SECONDS),
    );
    reply.header('cache-control', 'no-store');
    return reply.redirect(url);
  });

  app.get('/auth/callback', async (request, reply) => {
    reply.clearCookie(LOGIN_COOKIE, loginCookieOptions(publicUrl));
    reply.header('cache-control', 'no-store');
    const checks = readLoginChecks(request);
    if (!checks) {
      request.log.warn('sign-in callback without a valid login cookie');
      return reply.redirect('/unauthorized');
    }
    try {
      const identity = await relyingParty.finishLogin(new URL(request.url, publicUrl), checks);
      const signIn = await signInUserOf(app.deps, identity);
      if (!signIn.ok) {
        request.log.warn(
          { reason: signIn.reason, issuer: identity.issuer },
          'sign-in refused: not linked to a user',
        );
        return reply.redirect('/unauthorized');
      }
      const { token } = await startSession(app.deps, signIn.user.id, sessionTtlMs);
      reply.setCookie(
        SESSION_COOKIE,
        token,
        sessionCookieOptions(publicUrl, Math.floor(sessionTtlMs / 1000)),
      );
      return reply.redirect('/admin/dashboard');
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in callback failed');
      return reply.redirect('/unauthorized');
    }
  });

  async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endStoredSession(app.deps, token);
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(publicUrl));
    reply.header('cache-control', 'no-store');
    return reply.redirect('/', request.method === 'POST' ? 303 : 302);
  }

  // The dashboard's "Log out" link is a GET: it signs out only when the browser says the navigation
  // came from this origin. Another site's link, or a browser that does not say, gets a button that
  // POSTs (Origin-checked like every unsafe /oauth call).
  app.get('/oauth/logout', async (request, reply) => {
    if (request.headers['sec-fetch-site'] === 'same-origin') return endSession(request, reply);
    return reply.status(200).headers(pageHeaders).send(renderLogoutPage('/oauth/logout'));
  });

  app.post('/oauth/logout', endSession);
};
