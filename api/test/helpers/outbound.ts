import {
  createOutboundGuard,
  type OutboundGuard,
  type ResolveHost,
} from '../../src/outbound/index.js';

/** A resolver that knows a few names and nothing else (no real DNS in these tests). */
export const resolver =
  (names: Record<string, string[]>): ResolveHost =>
  async (hostname) => {
    const addresses = names[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };

/** Names for the guard's tests: public ones, and ones that lead to addresses it must never call. */
export const testNames = resolver({
  'loopback.example': ['127.0.0.1'],
  'private.example': ['10.0.0.5'],
  'mixed.example': ['93.184.216.34', '10.1.2.3'],
  'metadata.example': ['169.254.169.254'],
  'v6loopback.example': ['::1'],
  'public.example': ['93.184.216.34'],
  'acme.my.salesforce.com': ['136.146.1.1'],
  'acme--dev.sandbox.my.salesforce.com': ['136.146.1.2'],
  'acme.lightning.force.com': ['136.146.1.3'],
  'rebound.my.salesforce.com': ['127.0.0.1'],
  'server.smartlead.ai': ['104.18.1.1'],
});

export const testConfiguredUrls = {
  HubSpot: ['https://api.hubapi.com'],
  Salesforce: [],
  Smartlead: ['https://server.smartlead.ai/api/v1'],
  Instantly: ['https://api.instantly.ai/api/v2'],
  EmailBison: [],
  HeyReach: ['https://api.heyreach.io/api/public'],
};

/**
 * A guard with the test resolver; `providers` and `endpoints` are the two allow-lists
 * (OUTBOUND_ALLOW_HOSTS, ENDPOINT_ALLOW_HOSTS) that let local stand-ins (the sandbox) through.
 */
export function guardWith({
  providers = [],
  endpoints = [],
  maxAnswerBytes = 1024 * 1024,
  resolve = testNames,
}: {
  providers?: string[];
  endpoints?: string[];
  maxAnswerBytes?: number;
  resolve?: ResolveHost;
} = {}): OutboundGuard {
  return createOutboundGuard({
    settings: { allowHosts: providers, endpointAllowHosts: endpoints, maxAnswerBytes },
    configuredUrls: testConfiguredUrls,
    resolve,
  });
}
