import { runCreateAdmin } from '../src/auth/create-admin-command.js';
import { verifyPassword } from '../src/idp/passwords.js';
import { findIdentityAccountByEmail } from '../src/repositories/identity-accounts.js';
import { findUserByEmail } from '../src/repositories/users.js';
import { createSession } from '../src/repositories/sessions.js';
import { call, createTestApp, ORIGIN, type TestApp } from './helpers/test-app.js';

const form = (fields: Record<string, string>, origin: string | undefined = ORIGIN) => ({
  method: 'POST' as const,
  url: '/auth/set-password',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
  payload: new URLSearchParams(fields).toString(),
});

describe('npm run create-admin: the first admin of a deployment without demo accounts', () => {
  let t: TestApp;
  const envOf = (t: TestApp, extra: Record<string, string> = {}) => ({
    DATA_DIR: t.dir,
    ...(t.config.databaseUrl
      ? { DATABASE_URL: t.config.databaseUrl }
      : { DATABASE_PATH: t.config.databasePath }),
    PUBLIC_URL: t.config.publicUrl,
    SANDBOX_URL: 'off',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_URL: 'off' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function createAdmin(argv: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await runCreateAdmin(argv, envOf(t), (line) => lines.push(line));
    return { code, lines };
  }

  it('says how to call it without an email', async () => {
    expect(await createAdmin([])).toEqual({ code: 2, lines: [expect.stringContaining('--email')] });
    expect((await createAdmin(['--email', 'not-an-email'])).code).toBe(1);
  });

  it('prints a one-time link that sets the password of a new ADMIN account', async () => {
    const { code, lines } = await createAdmin([
      '--email',
      'Owner@Corp.example',
      '--organization',
      'Corp',
    ]);
    expect(code).toBe(0);
    const link = new URL(lines.find((line) => line.startsWith(ORIGIN)) ?? '');
    expect(link.pathname).toBe('/auth/set-password');
    const token = link.searchParams.get('token') ?? '';

    expect(await findUserByEmail(t.app.db, 'owner@corp.example')).toMatchObject({
      role: 'ADMIN',
      organizationName: 'Corp',
      isPaidTier: true,
      canUserAccount: true,
    });
    const before = await findIdentityAccountByEmail(t.app.db, 'owner@corp.example');
    expect(before?.password_hash).toBe('');

    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('owner@corp.example');

    expect(
      (await t.app.inject(form({ token, password: 'short', confirmation: 'short' }))).body,
    ).toContain('at least 12 characters');
    expect(
      (
        await t.app.inject(
          form({ token, password: 'crm-sync-demo', confirmation: 'crm-sync-demo' }),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject(
          form(
            { token, password: 'a long new password', confirmation: 'a long new password' },
            'https://evil.example',
          ),
        )
      ).statusCode,
    ).toBe(403);

    const set = await t.app.inject(
      form({ token, password: 'a long new password', confirmation: 'a long new password' }),
    );
    expect(set.statusCode).toBe(200);
    expect(set.body).toContain('Password set');
    const after = await findIdentityAccountByEmail(t.app.db, 'owner@corp.example');
    expect(await verifyPassword('a long new password', after?.password_hash ?? '')).toBe(true);

    // The link works once.
    expect(
      (await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject(
          form({ token, password: 'another long one', confirmation: 'another long one' }),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('refuses made-up links', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/set-password?token=made-up' })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/auth/set-password' })).statusCode).toBe(400);
  });

  it('with a hosted issuer makes the user only: their first verified sign-in there links it', async () => {
    const lines: string[] = [];
    const hosted = envOf(t, {
      OIDC_ISSUER_URL: 'https://tenant.auth0.example',
      OIDC_CLIENT_ID: 'abc',
      OIDC_CLIENT_SECRET: 'shh',
    });
    expect(
      await runCreateAdmin(['--email', 'boss@corp.example'], hosted, (line) => lines.push(line)),
    ).toBe(0);
    expect(lines.join('\n')).toMatch(
      /first sign-in at https:\/\/tenant\.auth0\.example\/ with that email \(verified there\)/,
    );
    expect(await findIdentityAccountByEmail(t.app.db, 'boss@corp.example')).toBeUndefined();
    expect(await findUserByEmail(t.app.db, 'boss@corp.example')).toMatchObject({
      role: 'ADMIN',
      accountId: '',
    });
  });

  it("a password set through the link ends the account's sessions", async () => {
    const setThroughLink = async (password: string) => {
      const { lines } = await createAdmin(['--email', 'second@corp.example']);
      const link = new URL(lines.find((line) => line.startsWith(ORIGIN)) ?? '');
      const token = link.searchParams.get('token') ?? '';
      const set = await t.app.inject(form({ token, password, confirmation: password }));
      expect(set.statusCode).toBe(200);
    };
    await setThroughLink('the first long password');
    const user = await findUserByEmail(t.app.db, 'second@corp.example');
    const session = await createSession(t.app.db, user!.id, 3_600_000, new Date());
    const cookie = `crm_sync_session=${session.token}`;
    const me = () => t.app.inject(call('GET', '/api/admin/me', cookie));
    expect((await me()).statusCode).toBe(200);
    // a second link (a reset): whoever knew the first password is signed out
    await setThroughLink('the second long password');
    expect((await me()).statusCode).toBe(401);
  });
});
