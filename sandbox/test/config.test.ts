import { configVariables, loadSandboxConfig } from '../src/config.js';
import { buildSandbox } from '../src/server.js';

describe('Configuration and listening', () => {
  it('defaults to 127.0.0.1:8090 with the documented credentials', () => {
    const config = loadSandboxConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8090,
      publicUrl: 'http://localhost:8090',
      enforceRateLimits: false,
      hubspot: {
        clientId: 'sandbox-hubspot-client-id',
        clientSecret: 'sandbox-hubspot-client-secret',
        accessTokenTtlSeconds: 1800,
        searchLagMs: 0,
      },
      salesforce: {
        consumerKey: 'sandbox-consumer-key',
        consumerSecret: 'sandbox-consumer-secret',
        accessTokenTtlSeconds: 7200,
      },
    });
  });

  it('reads SANDBOX_* variables, the public URL following the port', () => {
    const config = loadSandboxConfig({
      SANDBOX_PORT: '9191',
      SANDBOX_HOST: '0.0.0.0',
      SANDBOX_ENFORCE_RATE_LIMITS: 'true',
      SANDBOX_HUBSPOT_TOKEN_TTL_SECONDS: '60',
    });
    expect(config).toMatchObject({
      port: 9191,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:9191',
      enforceRateLimits: true,
      hubspot: { accessTokenTtlSeconds: 60 },
    });
    expect(
      loadSandboxConfig({ SANDBOX_PUBLIC_URL: 'https://sandbox.example.com/ignored/path' })
        .publicUrl,
    ).toBe('https://sandbox.example.com');
  });

  it('refuses invalid values with a clear message', () => {
    expect(() => loadSandboxConfig({ SANDBOX_PORT: 'eighty' })).toThrow(
      'SANDBOX_PORT must be an integer',
    );
    expect(() => loadSandboxConfig({ SANDBOX_PUBLIC_URL: 'not a url' })).toThrow(
      'SANDBOX_PUBLIC_URL must be an absolute URL',
    );
    expect(() => loadSandboxConfig({ SANDBOX_ENFORCE_RATE_LIMITS: 'maybe' })).toThrow(
      'true or false',
    );
    expect(() => loadSandboxConfig({ SANDBOX_LOG_LEVEL: 'loud' })).toThrow('SANDBOX_LOG_LEVEL');
  });

  it('documents every variable it reads', () => {
    expect(configVariables.map((variable) => variable.name)).toEqual(
      expect.arrayContaining([
        'SANDBOX_HOST',
        'SANDBOX_PORT',
        'SANDBOX_PUBLIC_URL',
        'SANDBOX_HUBSPOT_CLIENT_ID',
        'SANDBOX_SALESFORCE_CONSUMER_KEY',
      ]),
    );
  });

  it('serves over HTTP on an ephemeral port, as the api reaches it', async () => {
    const app = buildSandbox({ env: {} });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(
      `${address}/smartlead/api/v1/leads/fetch-categories?api_key=sl-valid-key`,
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(8);
    await app.close();
  });
});
