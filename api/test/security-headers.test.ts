import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.js';

describe('security headers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      MFE_CONNECTIONS_URL: 'https://connections.cdn.example/mf-manifest.json',
      MFE_WEBHOOKS_URL: 'http://localhost:8082/mf-manifest.json',
    });
    const shell = path.join(t.dir, 'no-shell');
    await mkdir(shell, { recursive: true });
    await writeFile(path.join(shell, 'index.html'), '<!doctype html><title>CRM Sync</title>');
  });
  afterAll(async () => {
    await t.close();
  });

  const directives = (csp: unknown): Map<string, string[]> =>
    new Map(
      String(csp)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name = '', ...values]) => [name, values]),
    );

  it("give the dashboard a CSP of its own origin plus the remotes', and no framing", async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/admin/dashboard',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://connections.cdn.example',
      'http://localhost:8082',
      'http://localhost:8083',
      'http://localhost:8084',
    ]);
    expect(csp.get('connect-src')).toContain('https://connections.cdn.example');
    expect(csp.get('style-src')).toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    // Plain http (local runs): no HSTS and no upgrade of the remotes' http origins.
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('keep every /api answer out of caches, errors included', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/admin/me' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: await signIn(t.app, 'admin') },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers['x-content-type-options']).toBe('nosniff');
  });

  it('let the sign-in pages keep their own stricter CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/oauth/logout' });
    expect(directives(page.headers['content-security-policy']).get('default-src')).toEqual([
      "'none'",
    ]);
  });
});

describe('security headers behind https', () => {
  it('add HSTS and upgrade insecure requests', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://crm.example' });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/health' });
      expect(page.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(page.headers['content-security-policy'])).toContain(
        'upgrade-insecure-requests',
      );
    } finally {
      await t.close();
    }
  });
});
