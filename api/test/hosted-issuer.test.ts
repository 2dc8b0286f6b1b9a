import type { LightMyRequestResponse } from 'fastify';
import { dashboardUserList } from 'shared/contract';
import { createFirstAdmin } from '../src/auth/first-admin.js';
import type { LoginChecks, RelyingParty, SignedInIdentity } from '../src/auth/oidc-client.js';
import { toDashboardUser } from '../src/presenters/users.js';
import { findUserByEmail } from '../src/repositories/users.js';
import { createTestApp, json, type TestApp } from './helpers/test-app.js';

const ISSUER = 'https://tenant.auth0.example/';

/** Stands in for a hosted issuer (Auth0 or another): the api's side of the protocol is what is tested here. */
class FakeIssuer implements RelyingParty {
  identity: SignedInIdentity = {
    issuer: ISSUER,
    subject: 'auth0|new-person',
    email: 'New.Person@Corp.example',
    emailVerified: true,
    nickname: 'new.person',
    picture: 'https://cdn.example/p.png',
  };
  lastChecks: LoginChecks | undefined;
  fail = false;

  async startLogin() {
    const checks = { state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1' };
    return { url: 'https://tenant.auth0.example/authorize?client_id=abc', checks };
  }

  async finishLogin(callbackUrl: URL, checks: LoginChecks) {
    this.lastChecks = checks;
    if (this.fail || callbackUrl.searchParams.get('state') !== checks.state)
      throw new Error('state mismatch');
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
    t = await createTestApp(
      {
        OIDC_ISSUER_URL: 'https://tenant.auth0.example',
        OIDC_CLIENT_ID: 'abc',
        OIDC_CLIENT_SECRET: 'shh',
      },
      { relyingParty: issuer },
    );
    // No demo accounts with a hosted issuer: the first admin is made the way a deployment makes it.
    await createFirstAdmin(
      t.app.db,
      {
        email: 'admin@example.com',
        organizationName: 'Acme Outbound',
        embedded: false,
        publicUrl: t.config.publicUrl,
      },
      t.app.clock.now(),
    );
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
    const callback = await t.app.inject({
      method: 'GET',
      url: '/auth/callback?code=c&state=state-1',
      headers: { cookie: loginCookie },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/admin/dashboard');
    expect(issuer.lastChecks).toEqual({
      state: 'state-1',
      nonce: 'nonce-1',
      codeVerifier: 'verifier-1',
    });
    const session = cookieFrom(callback, 'crm_sync_session');
    expect(session).toBeDefined();

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: session ?? '' },
    });
    expect(json(me)).toMatchObject({
      isPaidTier: false,
      isManagerOrAdmin: false,
      isAdmin: false,
      role: null,
      userProfiles: [],
      details: {
        email: 'new.person@corp.example',
        nickname: 'new.person',
        picture: 'https://cdn.example/p.png',
      },
    });

    // In no organization, so no admin's Users screen lists them (issue 10): read as the screen would show them.
    const created = await findUserByEmail(t.app.db, 'new.person@corp.example');
    expect(created && toDashboardUser(created)).toEqual({
      id: 2,
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

  async function signInWith(
    identity: Partial<SignedInIdentity>,
  ): Promise<{ location: string | undefined; session: string | undefined }> {
    issuer.identity = { ...issuer.identity, ...identity };
    const callback = await t.app.inject({
      method: 'GET',
      url: '/auth/callback?code=c&state=state-1',
      headers: { cookie: await login() },
    });
    return {
      location: callback.headers.location as string | undefined,
      session: cookieFrom(callback, 'crm_sync_session'),
    };
  }

  async function meOf(session: string | undefined) {
    return json<{ id: number; role: string | null; details: { email: string } }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { cookie: session ?? '' },
      }),
    );
  }

  it('never links an unverified email to an existing user', async () => {
    const attacker = await signInWith({
      subject: 'auth0|attacker',
      email: 'ADMIN@example.com',
      emailVerified: false,
      nickname: 'x',
      picture: '',
    });
    expect(attacker.location).toBe('/unauthorized');
    expect(attacker.session).toBeUndefined();
    const stillUnlinked = await t.app.db
      .selectFrom('sign_in_links')
      .select('subject')
      .where('subject', '=', 'auth0|attacker')
      .execute();
    expect(stillUnlinked).toEqual([]);
  });

  it('links the admin create-admin made at their first sign-in with the verified email, then by subject only', async () => {
    const first = await signInWith({
      subject: 'auth0|the-admin',
      email: 'Admin@Example.com',
      emailVerified: true,
      nickname: 'admin',
      picture: '',
    });
    expect(first.location).toBe('/admin/dashboard');
    expect(await meOf(first.session)).toMatchObject({
      id: 1,
      role: 'ADMIN',
      details: { email: 'admin@example.com' },
    });

    // The same subject finds its user whatever email the issuer sends now.
    const again = await signInWith({
      subject: 'auth0|the-admin',
      email: 'renamed@elsewhere.example',
      emailVerified: false,
    });
    expect(await meOf(again.session)).toMatchObject({ id: 1, role: 'ADMIN' });
    const users = dashboardUserList.parse(
      json(
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/dashboard/users',
          headers: { cookie: again.session ?? '' },
        }),
      ),
    );
    expect(users.find((user) => user.id === 1)).toMatchObject({
      accountId: 'auth0|the-admin',
      email: 'admin@example.com',
    });
  });

  it('refuses another subject with the same verified email once the user is linked', async () => {
    const other = await signInWith({
      subject: 'auth0|second-account',
      email: 'admin@example.com',
      emailVerified: true,
    });
    expect(other.location).toBe('/unauthorized');
    expect(other.session).toBeUndefined();
  });

  it('does not create a user for an unverified email', async () => {
    const unverified = await signInWith({
      subject: 'auth0|fresh',
      email: 'fresh@corp.example',
      emailVerified: false,
    });
    expect(unverified.location).toBe('/unauthorized');
    expect(
      await t.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'fresh@corp.example')
        .execute(),
    ).toEqual([]);
  });

  it('sends a failed exchange to /unauthorized', async () => {
    issuer.fail = true;
    const callback = await t.app.inject({
      method: 'GET',
      url: '/auth/callback?code=c&state=state-1',
      headers: { cookie: await login() },
    });
    issuer.fail = false;
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/unauthorized');
    expect(cookieFrom(callback, 'crm_sync_session')).toBeUndefined();
  });

  it('refuses a tampered login cookie', async () => {
    const cookie = (await login()).replace('state-1', 'state-2');
    const callback = await t.app.inject({
      method: 'GET',
      url: '/auth/callback?code=c&state=state-2',
      headers: { cookie },
    });
    expect(callback.headers.location).toBe('/unauthorized');
  });

  it('does not mount the embedded identity provider', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(response.statusCode).toBe(404);
  });
});
