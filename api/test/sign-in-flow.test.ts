import { Browser, last } from './helpers/browser.js';
import { startListeningApp, type ListeningApp } from './helpers/listening-app.js';

describe('sign-in through the embedded identity provider (real HTTP)', () => {
  let origin: string;
  let listening: ListeningApp;

  beforeAll(async () => {
    listening = await startListeningApp();
    ({ origin } = listening);
  });

  afterAll(async () => {
    await listening.close();
  });

  async function openLoginPage(browser: Browser): Promise<string> {
    const steps = await browser.navigate('/auth/login');
    const [login, authorize] = steps;
    expect(login?.status).toBe(302);
    expect(login?.location).toMatch(new RegExp(`^${origin}/oidc/auth\\?`));
    const authorizeUrl = new URL(login?.location ?? '');
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid profile email');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${origin}/auth/callback`);
    expect(authorizeUrl.searchParams.get('prompt')).toBe('login');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(login?.setCookies.join('\n')).toMatch(/crm_sync_login=.*HttpOnly/);
    expect(authorize?.location).toMatch(new RegExp(`^${origin}/oidc/interaction/`));
    const page = last(steps);
    expect(page.status).toBe(200);
    return page.url;
  }

  async function signInAs(browser: Browser, email: string): Promise<void> {
    const interactionUrl = await openLoginPage(browser);
    const page = await browser.request(interactionUrl);
    expect(page.body).toContain('<title>Sign in to CRM Sync</title>');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    for (const demo of [
      'admin@example.com',
      'manager@example.com',
      'user@example.com',
      'crm-sync-demo',
    ])
      expect(page.body).toContain(demo);

    const wrong = await browser.request(interactionUrl, {
      form: { email, password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('Wrong email or password.');
    expect(wrong.body).toContain(`value="${email}"`);

    const steps = await browser.navigate(interactionUrl, {
      form: { email, password: 'crm-sync-demo' },
    });
    expect(steps[0]?.status).toBe(303);
    const callback = steps.find((step) => step.url.startsWith(`${origin}/auth/callback`));
    expect(callback?.status).toBe(302);
    expect(callback?.location).toBe(`${origin}/admin/dashboard`);
    const sessionCookie = callback?.setCookies.find((cookie) =>
      cookie.startsWith('crm_sync_session='),
    );
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(sessionCookie).toMatch(/Path=\//);
    expect(sessionCookie).not.toMatch(/Secure/);
  }

  async function me(browser: Browser): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await browser.request('/api/admin/me', {
      headers: { accept: 'application/json' },
    });
    return { status: response.status, body: JSON.parse(response.body) as Record<string, unknown> };
  }

  it.each([
    ['admin@example.com', 'ADMIN', 'admin'],
    ['user@example.com', null, 'user'],
    ['manager@example.com', 'MANAGER', 'manager'],
  ])('signs %s in and out', async (email, role, nickname) => {
    const browser = new Browser(origin);
    await signInAs(browser, email);

    const signedIn = await me(browser);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ role, details: { email, nickname } });

    const logout = await browser.request('/oauth/logout', {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.status).toBe(302);
    expect(logout.location).toBe(`${origin}/`);
    expect(logout.setCookies.join('\n')).toMatch(
      /crm_sync_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
    expect(browser.cookies.has('crm_sync_session')).toBe(false);

    const signedOut = await me(browser);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ message: 'Sign in to continue' });
  });

  it('shows the login page again after logout (prompt=login) and signs another account in', async () => {
    const browser = new Browser(origin);
    await signInAs(browser, 'admin@example.com');
    await browser.request('/oauth/logout', { headers: { 'sec-fetch-site': 'same-origin' } });
    await signInAs(browser, 'user@example.com');
    expect((await me(browser)).body).toMatchObject({ details: { email: 'user@example.com' } });
  });

  it('rejects an unknown email like a wrong password', async () => {
    const browser = new Browser(origin);
    const interactionUrl = await openLoginPage(browser);
    const response = await browser.request(interactionUrl, {
      form: { email: 'nobody@example.com', password: 'crm-sync-demo' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toContain('Wrong email or password.');
  });

  it('escapes what the person typed', async () => {
    const browser = new Browser(origin);
    const interactionUrl = await openLoginPage(browser);
    const response = await browser.request(interactionUrl, {
      form: { email: '"><script>alert(1)</script>', password: 'x' },
    });
    expect(response.status).toBe(401);
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('sends a callback with a forged state to /unauthorized', async () => {
    const browser = new Browser(origin);
    await openLoginPage(browser);
    const response = await browser.request('/auth/callback?code=forged&state=forged');
    expect(response.status).toBe(302);
    expect(response.location).toBe(`${origin}/unauthorized`);
    expect(browser.cookies.has('crm_sync_session')).toBe(false);
  });

  it('sends a callback without the login cookie to /unauthorized', async () => {
    const response = await new Browser(origin).request('/auth/callback?code=x&state=y');
    expect(response.status).toBe(302);
    expect(response.location).toBe(`${origin}/unauthorized`);
  });

  it('answers an unknown interaction with an expired page', async () => {
    const response = await new Browser(origin).request('/oidc/interaction/unknown');
    expect(response.status).toBe(400);
    expect(response.body).toContain('Start signing in again');
  });
});
