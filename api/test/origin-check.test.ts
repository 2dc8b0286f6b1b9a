import { ORIGIN, createTestApp, json, signIn, type TestApp } from './helpers/test-app.js';

const flags = JSON.stringify({ canWebhook: true, canUserAccount: false, canBlockList: true });

describe('Origin check and CORS', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_ORIGINS: 'http://localhost:8081, http://localhost:8082' });
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/dashboard/users/2',
      headers: { cookie: admin, 'content-type': 'application/json', ...headers },
      payload: flags,
    });

  it('refuses a PUT without Origin', async () => {
    const response = await put({});
    expect(response.statusCode).toBe(403);
    expect(typeof json<{ message: string }>(response).message).toBe('string');
  });

  it('refuses a PUT from a foreign origin', async () => {
    const response = await put({ origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toEqual({ message: 'Cross-origin request refused' });
  });

  it('refuses Origin: null', async () => {
    expect((await put({ origin: 'null' })).statusCode).toBe(403);
  });

  it("accepts a PUT from PUBLIC_URL's origin", async () => {
    const response = await put({ origin: ORIGIN });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('checks before the session: a foreign PUT without a session is 403, not 401', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/dashboard/users/2',
      headers: { origin: 'https://evil.example' },
      payload: flags,
    });
    expect(response.statusCode).toBe(403);
  });

  it('checks percent-encoded paths too', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/%61pi/admin/dashboard/users/2',
      headers: {
        cookie: admin,
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
      payload: flags,
    });
    expect(response.statusCode).toBe(403);
  });

  it('checks unsafe calls to /auth and /oauth as well', async () => {
    for (const url of ['/auth/login', '/oauth/logout', '/api/admin/me']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('lets GET through without Origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(200);
  });

  it('does not check the identity provider or the webhook receiver', async () => {
    for (const url of ['/oidc/token', '/webhooks/some-code']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).not.toBe(403);
    }
  });

  it('accepts an allowed origin with CORS and credentials', async () => {
    const response = await put({ origin: 'http://localhost:8081' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8081');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('answers the CORS preflight of an allowed origin', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/dashboard/users/2',
      headers: {
        origin: 'http://localhost:8082',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8082');
    expect(response.headers['access-control-allow-methods']).toContain('PUT');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('gives no CORS headers to other origins', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: admin, origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
