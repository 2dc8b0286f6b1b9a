import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import path from 'node:path';
import { runtimeConfig } from 'shared/contract';
import { createTestApp, json, type TestApp } from './helpers/test-app.js';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('public routes', () => {
  let t: TestApp;
  let shellDir: string;

  beforeAll(async () => {
    // The test app's SHELL_DIST_DIR is <tmp>/no-shell: create it as a small fake build.
    t = await createTestApp({
      MFE_LOGS_URL: 'https://logs.crm-sync.example/mf-manifest.json',
      SUPPORT_EMAIL: 'help@example.com',
    });
    shellDir = t.config.shellDistDir;
    await mkdir(path.join(shellDir, 'static', 'js'), { recursive: true });
    await writeFile(
      path.join(shellDir, 'index.html'),
      '<!doctype html><title>CRM Sync</title><div id="root"></div>',
    );
    await writeFile(
      path.join(shellDir, 'static', 'js', 'main.3f9a1c2b.js'),
      'console.log("shell")',
    );
    // the build's precompressed copy (scripts/precompress.mjs), sent to a client that takes brotli
    await writeFile(
      path.join(shellDir, 'static', 'js', 'main.3f9a1c2b.js.br'),
      brotliCompressSync('console.log("shell")'),
    );
    await writeFile(
      path.join(shellDir, 'favicon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /remotes.json returns the runtime config from configuration while nothing is released, not cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const body = runtimeConfig.parse(json(response));
    expect(body).toEqual({
      remotes: [
        { name: 'mfe_connections', entry: 'http://localhost:8081/mf-manifest.json' },
        { name: 'mfe_webhooks', entry: 'http://localhost:8082/mf-manifest.json' },
        { name: 'mfe_blocklists', entry: 'http://localhost:8083/mf-manifest.json' },
        { name: 'mfe_logs', entry: 'https://logs.crm-sync.example/mf-manifest.json' },
      ],
      supportEmail: 'help@example.com',
      knowledgeBaseUrl: 'https://docs.crm-sync.example',
      statusPageUrl: 'https://status.crm-sync.example',
    });
  });

  it("GET /health reports the database, the queue and the data folder's free space", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(json(response)).toEqual({
      status: 'ok',
      database: 'up',
      queue: 'up',
      disk: { freePercent: expect.any(Number) },
    });
  });

  it.each([
    '/',
    '/admin/dashboard',
    '/admin/dashboard/users',
    '/unauthorized',
    '/some/unknown/page?x=1',
  ])('serves index.html for the page %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('serves hashed assets as immutable and others as no-cache', async () => {
    const hashed = await t.app.inject({ method: 'GET', url: '/static/js/main.3f9a1c2b.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('serves a hashed asset immutable from its precompressed copy too', async () => {
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/static/js/main.3f9a1c2b.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not fall back for a missing asset that is not a page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/static/js/missing.12345678.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
  });

  it.each(['/api/nothing', '/api/admin/nothing', '/auth/nothing', '/oauth/nothing', '/webhooks'])(
    'never serves the shell under %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof json<{ message: string }>(response).message).toBe('string');
    },
  );

  it('answers unknown /api paths with 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/admin/does-not-exist',
        headers: { origin: t.config.publicUrl },
      });
      expect(response.statusCode).toBe(404);
      expect(json<{ message: string }>(response).message).toMatch(/Not found/);
    }
  });
});

describe('without a built shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a page load with 503 and says to build the shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/dashboard', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/pnpm --filter shell build/);
  });

  it('still answers the api', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

describe('embed.js (issue 59)', () => {
  let t: TestApp;

  beforeAll(async () => {
    const shellDir = await mkdtemp(path.join(tmpdir(), 'crm-sync-shell-'));
    await mkdir(path.join(shellDir, 'embed'), { recursive: true });
    await writeFile(path.join(shellDir, 'index.html'), '<!doctype html><title>CRM Sync</title>');
    await writeFile(path.join(shellDir, 'main.3f9a1c2b.js'), 'console.log("shell")');
    await writeFile(path.join(shellDir, 'embed.js'), 'window.CrmSync = {}');
    await writeFile(path.join(shellDir, 'embed', '151.c9d3c29b.js'), 'console.log("chunk")');
    t = await createTestApp({ SHELL_DIST_DIR: shellDir });
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves embed.js and its chunks to other sites' pages (CORP cross-origin), the shell's files to its own", async () => {
    const embed = await t.app.inject({ method: 'GET', url: '/embed.js' });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(embed.headers['cache-control']).toBe('no-cache');
    const chunk = await t.app.inject({ method: 'GET', url: '/embed/151.c9d3c29b.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    const shell = await t.app.inject({ method: 'GET', url: '/main.3f9a1c2b.js' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(shell.headers['access-control-allow-origin']).toBeUndefined();
    const registry = await t.app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { origin: 'https://portal.customer.example' },
    });
    expect(registry.headers['access-control-allow-origin']).toBe('*');
  });
});
