import { loadProviderEndpoints } from '../src/providers/endpoints.js';

describe('provider endpoints', () => {
  it('sends every adapter to the sandbox by default', () => {
    const endpoints = loadProviderEndpoints({});
    expect(endpoints.sandboxUrl).toBe('http://localhost:8090');
    expect(endpoints.hubspot.apiUrl).toBe('http://localhost:8090/hubspot');
    expect(endpoints.hubspot.clientId).toBe('sandbox-hubspot-client-id');
    expect(endpoints.salesforceDomainOverride).toBe('http://localhost:8090/salesforce');
    expect(endpoints.smartleadApiUrl).toBe('http://localhost:8090/smartlead/api/v1');
    expect(endpoints.emailbisonBaseUrlOverride).toBe('http://localhost:8090/emailbison');
  });

  it('follows SANDBOX_PORT and SANDBOX_URL', () => {
    expect(loadProviderEndpoints({ SANDBOX_PORT: '9999' }).instantlyApiUrl).toBe(
      'http://localhost:9999/instantly/api/v2',
    );
    expect(loadProviderEndpoints({ SANDBOX_URL: 'http://127.0.0.1:7000/' }).heyreachApiUrl).toBe(
      'http://127.0.0.1:7000/heyreach/api/public',
    );
  });

  it('calls the real services with SANDBOX_URL=off', () => {
    const endpoints = loadProviderEndpoints({ SANDBOX_URL: 'off', HUBSPOT_CLIENT_ID: 'real-id' });
    expect(endpoints.sandboxUrl).toBeNull();
    expect(endpoints.hubspot.apiUrl).toBe('https://api.hubapi.com');
    expect(endpoints.hubspot.authorizeUrl).toBe('https://app.hubspot.com/oauth/authorize');
    expect(endpoints.hubspot.clientId).toBe('real-id');
    expect(endpoints.hubspot.clientSecret).toBeNull();
    expect(endpoints.salesforceDomainOverride).toBeNull();
    expect(endpoints.smartleadApiUrl).toBe('https://server.smartlead.ai/api/v1');
  });

  it('rejects a bad timeout', () => {
    expect(() => loadProviderEndpoints({ PROVIDER_TIMEOUT_MS: 'soon' })).toThrow(
      'PROVIDER_TIMEOUT_MS must be a positive number',
    );
  });
});
