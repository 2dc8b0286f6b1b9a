import { readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { configVariables, loadConfig, repoRoot } from '../src/config.js';
import { loadSecrets } from '../src/secrets.js';
import { makeTempDir } from './helpers/test-app.js';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'http://localhost:8080',
      dataDir: path.join(repoRoot, '.data'),
      databasePath: path.join(repoRoot, '.data', 'crm-sync.sqlite'),
      sessionSecret: undefined,
      sessionTtlHours: 12,
      identity: {
        kind: 'embedded',
        issuerUrl: 'http://localhost:8080/oidc',
        clientId: 'crm-sync-dashboard',
        showDemoAccounts: false,
      },
      demoAccounts: false,
      requestTimeoutMs: 30_000,
      connectionTimeoutMs: 30_000,
      trustProxy: false,
      supportEmail: 'support@crm-sync.example',
      knowledgeBaseUrl: 'https://docs.crm-sync.example',
      statusPageUrl: 'https://status.crm-sync.example',
      shellDistDir: path.join(repoRoot, 'shell', 'dist'),
      allowedOrigins: [],
      logLevel: 'info',
    });
    expect(config.remotes.map((remote) => remote.entry)).toEqual(
      [8081, 8082, 8083, 8084].map((port) => `http://localhost:${port}/mf-manifest.json`),
    );
  });

  it('derives PUBLIC_URL and the remotes from the ports', () => {
    const config = loadConfig({
      API_PORT: '9000',
      CONNECTIONS_PORT: '9001',
      LOGS_PORT: '9004',
      MFE_WEBHOOKS_URL: 'https://cdn.example/webhooks/mf-manifest.json',
    });
    expect(config.publicUrl).toBe('http://localhost:9000');
    expect(config.identity.issuerUrl).toBe('http://localhost:9000/oidc');
    expect(config.remotes).toEqual([
      { name: 'mfe_connections', entry: 'http://localhost:9001/mf-manifest.json' },
      { name: 'mfe_webhooks', entry: 'https://cdn.example/webhooks/mf-manifest.json' },
      { name: 'mfe_blocklists', entry: 'http://localhost:8083/mf-manifest.json' },
      { name: 'mfe_logs', entry: 'http://localhost:9004/mf-manifest.json' },
    ]);
  });

  it('uses a hosted issuer when OIDC_ISSUER_URL is set', () => {
    const config = loadConfig({
      OIDC_ISSUER_URL: 'https://tenant.eu.auth0.com',
      OIDC_CLIENT_ID: 'abc',
      OIDC_CLIENT_SECRET: 'shh',
    });
    expect(config.identity).toEqual({
      kind: 'hosted',
      issuerUrl: 'https://tenant.eu.auth0.com/',
      clientId: 'abc',
      clientSecret: 'shh',
    });
  });

  it('refuses a hosted issuer without client credentials', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://tenant.eu.auth0.com' })).toThrow(
      /OIDC_CLIENT_ID/,
    );
  });

  it('reads lists, booleans and numbers, and refuses bad values', () => {
    const config = loadConfig({
      ALLOWED_ORIGINS: 'http://localhost:8081/, http://a.example:3000',
      DEMO_ACCOUNTS: 'true',
      SHOW_DEMO_ACCOUNTS: 'false',
      SESSION_TTL_HOURS: '1.5',
      PUBLIC_URL: 'https://crm.example/',
    });
    expect(config.allowedOrigins).toEqual(['http://localhost:8081', 'http://a.example:3000']);
    expect(config.identity).toMatchObject({ showDemoAccounts: false });
    expect(config.sessionTtlHours).toBe(1.5);
    expect(config.publicUrl).toBe('https://crm.example');
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(/API_PORT/);
    expect(() => loadConfig({ SHOW_DEMO_ACCOUNTS: 'maybe' })).toThrow(/SHOW_DEMO_ACCOUNTS/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('seeds the demo accounts only when DEMO_ACCOUNTS asks, and lists them on the login page then', () => {
    expect(loadConfig({ DEMO_ACCOUNTS: 'true' })).toMatchObject({
      demoAccounts: true,
      identity: { showDemoAccounts: true },
    });
    expect(loadConfig({ SHOW_DEMO_ACCOUNTS: 'true' })).toMatchObject({
      demoAccounts: false,
      identity: { showDemoAccounts: false },
    });
  });

  it('refuses the demo accounts with a hosted issuer or with the real services', () => {
    expect(() =>
      loadConfig({
        DEMO_ACCOUNTS: 'true',
        OIDC_ISSUER_URL: 'https://tenant.eu.auth0.com',
        OIDC_CLIENT_ID: 'abc',
        OIDC_CLIENT_SECRET: 'shh',
      }),
    ).toThrow(/DEMO_ACCOUNTS.*hosted issuer/);
    expect(() => loadConfig({ DEMO_ACCOUNTS: 'true', SANDBOX_URL: 'off' })).toThrow(
      /DEMO_ACCOUNTS.*SANDBOX_URL=off/,
    );
    expect(loadConfig({ SANDBOX_URL: 'off' }).demoAccounts).toBe(false);
  });

  it('reads the time-outs and the proxy to trust', () => {
    expect(
      loadConfig({
        REQUEST_TIMEOUT_MS: '5000',
        CONNECTION_TIMEOUT_MS: '2000',
        TRUST_PROXY: 'true',
      }),
    ).toMatchObject({ requestTimeoutMs: 5000, connectionTimeoutMs: 2000, trustProxy: true });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('removes block-list entries whose member left the CRM list only when BLOCK_LIST_REMOVE_LEFT_MEMBERS says so', () => {
    expect(loadConfig({}).blockListSync.removeLeftMembers).toBe(false);
    expect(
      loadConfig({ BLOCK_LIST_REMOVE_LEFT_MEMBERS: 'true' }).blockListSync.removeLeftMembers,
    ).toBe(true);
    expect(
      loadConfig({ BLOCK_LIST_REMOVE_LEFT_MEMBERS: 'off' }).blockListSync.removeLeftMembers,
    ).toBe(false);
    expect(() => loadConfig({ BLOCK_LIST_REMOVE_LEFT_MEMBERS: 'maybe' })).toThrow(
      /BLOCK_LIST_REMOVE_LEFT_MEMBERS/,
    );
  });

  it('sizes the PostgreSQL pools from PG_POOL_MAX and PG_QUEUE_POOL_MAX, and refuses bad sizes', () => {
    expect(loadConfig({}).pools).toEqual({ database: 10, queue: 5 });
    expect(loadConfig({ PG_POOL_MAX: '4', PG_QUEUE_POOL_MAX: '2' }).pools).toEqual({
      database: 4,
      queue: 2,
    });
    expect(() => loadConfig({ PG_POOL_MAX: '0' })).toThrow(
      'PG_POOL_MAX must be a whole number from 1 to 1000, got "0"',
    );
    expect(() => loadConfig({ PG_QUEUE_POOL_MAX: 'many' })).toThrow(/PG_QUEUE_POOL_MAX/);
  });

  it('lists every variable it reads', () => {
    expect(configVariables.map((variable) => variable.name)).toEqual(
      expect.arrayContaining([
        'API_HOST',
        'API_PORT',
        'PUBLIC_URL',
        'DATA_DIR',
        'DATABASE_PATH',
        'SESSION_SECRET',
        'SESSION_TTL_HOURS',
        'OIDC_ISSUER_URL',
        'OIDC_CLIENT_ID',
        'OIDC_CLIENT_SECRET',
        'SHOW_DEMO_ACCOUNTS',
        'DEMO_ACCOUNTS',
        'REQUEST_TIMEOUT_MS',
        'CONNECTION_TIMEOUT_MS',
        'TRUST_PROXY',
        'SHELL_DIST_DIR',
        'ALLOWED_ORIGINS',
        'LOG_LEVEL',
        'MFE_CONNECTIONS_URL',
        'MFE_LOGS_URL',
        'BLOCK_LIST_REMOVE_LEFT_MEMBERS',
        'PG_POOL_MAX',
        'PG_QUEUE_POOL_MAX',
      ]),
    );
  });
});

describe('loadSecrets', () => {
  it('generates the secrets once, keeps them in secrets.json with mode 0600', async () => {
    const dir = await makeTempDir();
    try {
      const first = loadSecrets(dir);
      const file = path.join(dir, 'secrets.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
      expect(first.idpJwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      const second = loadSecrets(dir);
      expect(second).toEqual(first);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
