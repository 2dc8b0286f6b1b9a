import { findSessionUserId } from '../src/repositories/sessions.js';
import { createTestApp, ORIGIN, signIn, type TestApp } from './helpers/test-app.js';

describe('/oauth/logout: no sign-out by another site', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const tokenOf = (cookie: string): string => cookie.split('=')[1] ?? '';
  const signedIn = async (cookie: string): Promise<boolean> =>
    (await findSessionUserId(t.app.db, tokenOf(cookie), t.app.clock.now())) !== undefined;

  it("ends the session on a same-origin navigation (the dashboard's Log out link)", async () => {
    const cookie = await signIn(t.app, 'user');
    const answer = await t.app.inject({
      method: 'GET',
      url: '/oauth/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/');
    expect(await signedIn(cookie)).toBe(false);
  });

  it.each([
    ['a cross-site link', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site page', { 'sec-fetch-site': 'same-site' }],
    ['a browser that does not say', {}],
  ])(
    'answers %s with a Log out button that POSTs, and keeps the session',
    async (_name, headers) => {
      const cookie = await signIn(t.app, 'user');
      const answer = await t.app.inject({
        method: 'GET',
        url: '/oauth/logout',
        headers: { cookie, ...headers },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toContain('<form method="post" action="/oauth/logout">');
      expect(answer.body).toContain('<button type="submit">Log out</button>');
      expect(await signedIn(cookie)).toBe(true);
    },
  );

  it("ends the session on a POST from the dashboard's origin only", async () => {
    const cookie = await signIn(t.app, 'user');
    expect(
      (await t.app.inject({ method: 'POST', url: '/oauth/logout', headers: { cookie } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/oauth/logout',
          headers: { cookie, origin: 'https://evil.example' },
        })
      ).statusCode,
    ).toBe(403);
    expect(await signedIn(cookie)).toBe(true);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/oauth/logout',
      headers: { cookie, origin: ORIGIN },
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/');
    expect(await signedIn(cookie)).toBe(false);
  });
});
