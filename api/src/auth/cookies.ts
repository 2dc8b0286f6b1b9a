import type { CookieSerializeOptions } from '@fastify/cookie';

/** The sign-in session cookie: an opaque random token; the server keeps its sha256. */
export const SESSION_COOKIE = 'crm_sync_session';
/** Short-lived, signed: state, nonce and PKCE verifier between /auth/login and /auth/callback. */
export const LOGIN_COOKIE = 'crm_sync_login';

const isHttps = (publicUrl: string): boolean => publicUrl.startsWith('https:');

export function sessionCookieOptions(
  publicUrl: string,
  maxAgeSeconds?: number,
): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isHttps(publicUrl),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

export function loginCookieOptions(
  publicUrl: string,
  maxAgeSeconds?: number,
): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/auth',
    secure: isHttps(publicUrl),
    signed: true,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}
