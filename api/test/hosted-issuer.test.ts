import type { LightMyRequestResponse } from 'fastify';
import type { LoginChecks, RelyingParty, SignedInIdentity } from '../src/auth/oidc-client.js';
import { toDashboardUser } from '../src/presenters/users.js';
import { findUserByEmail } from '../src/repositories/users.js';
import { createTestApp, json, type TestApp } from './helpers/test-app.js';

/** Stands in for a hosted issuer (Auth0 or another): the api's side of the protocol is what is tested here. */
class FakeIssuer implements RelyingParty {
  identity: SignedInIdentity = { subject: 'auth0|new-person', email: 'New.Person@Corp.example', nickname: 'new.person', picture: 'https://cdn.example/p.png' };
  lastChecks: LoginChecks | undefined;
  fail = false;

  async startLogin() {
    const checks = { state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1' };
    return { url: 'https://tenant.auth0.example/authorize?client_id=abc', checks };
  }

  async finishLogin(callbackUrl: URL, checks: LoginChecks) {
    this.lastChecks = checks;
    if (this.fail || callbackUrl.searchParams.get('state') !== checks.state) throw new Error('state mismatch');
    return this.identity;
  }
}

const cookieFrom = (response: LightMyRequestResponse, name: string): string | undefined => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};

describe('sign-in through a hosted issuer', () => {
  let t: TestApp;
  const issuer = new FakeIssuer();

  beforeAll(async () => {
    t = await createTestApp({ OIDC_ISSUER_URL: 'https://tenant.auth0.example', OIDC_CLIENT_ID: 'abc', OIDC_CLIENT_SECRET: 'shh' }, { relyingParty: issuer });
  });
  afterAll(async () => {
    await t.close();
  });

  async function login(): Promise<string> {
    const response = await t.app.inject({ method: 'GET', url: '/auth/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://tenant.auth0.example/authorize?client_id=abc');
    const cookie = cookieFrom(response, 'crm_sync_login');
    expect(cookie).toBeDefined();
    return cookie ?? '';
  }

  it('creates an unknown person with no role, no organization, free tier and every flag off', async () => {
    const loginCookie = await login();
    const callback = await t.app.inject({ method: 'GET', url: '/auth/callback?code=c&state=state-1', headers: { cookie: loginCookie } });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/admin/dashboard');
    expect(issuer.lastChecks).toEqual({ state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1' });
    const session = cookieFrom(callback, 'crm_sync_session');
    expect(session).toBeDefined();

    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: session ?? '' } });
    expect(json(me)).toMatchObject({
      isPaidTier: false,
      isManagerOrAdmin: false,
      isAdmin: false,
      role: null,
      userProfiles: [],
      details: { email: 'new.person@corp.example', nickname: 'new.person', picture: 'https://cdn.example/p.png' },
    });

    // In no organization, so no admin's Users screen lists them (issue 10): read as the screen would show them.
    const created = await findUserByEmail(t.app.db, 'new.person@corp.example');
    expect(created && toDashboardUser(created)).toEqual({
      id: 4,
      accountId: 'auth0|new-person',
      organizationId: null,
      account: null,
      email: 'new.person@corp.example',
      role: null,
      hubDomain: null,
      canWebhook: false,
      canUserAccount: false,
      canBlockList: false,
    });
  });

  it('finds a known person by email, whatever the subject', async () => {
    issuer.identity = { subject: 'auth0|someone-else', email: 'ADMIN@example.com', nickname: 'x', picture: '' };
    const callback = await t.app.inject({ method: 'GET', url: '/auth/callback?code=c&state=state-1', headers: { cookie: await login() } });
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: cookieFrom(callback, 'crm_sync_session') ?? '' } });
    expect(json(me)).toMatchObject({ id: 1, role: 'ADMIN', details: { email: 'admin@example.com' } });
  });

  it('sends a failed exchange to /unauthorized', async () => {
    issuer.fail = true;
    const callback = await t.app.inject({ method: 'GET', url: '/auth/callback?code=c&state=state-1', headers: { cookie: await login() } });
    issuer.fail = false;
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/unauthorized');
    expect(cookieFrom(callback, 'crm_sync_session')).toBeUndefined();
  });

  it('refuses a tampered login cookie', async () => {
    const cookie = (await login()).replace('state-1', 'state-2');
    const callback = await t.app.inject({ method: 'GET', url: '/auth/callback?code=c&state=state-2', headers: { cookie } });
    expect(callback.headers.location).toBe('/unauthorized');
  });

  it('does not mount the embedded identity provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(404);
  });
});
