import {
  createOutboundGuard,
  loadOutboundSettings,
  outboundConfigVariables,
  type OutboundGuard,
  type OutboundSettings,
  type ResolveHost,
} from '../outbound/index.js';

/**
 * Where the CRM and platform adapters send their calls. By default everything goes to the sandbox
 * (SANDBOX_URL, http://localhost:8090); SANDBOX_URL=off points them at the real services, and each
 * base URL can be set on its own.
 */
export interface ProviderEndpoints {
  /** Milliseconds before a provider call counts as failed. */
  timeoutMs: number;
  /** The sandbox's origin when the adapters use it, else null. */
  sandboxUrl: string | null;
  hubspot: {
    apiUrl: string;
    authorizeUrl: string;
    clientId: string | null;
    clientSecret: string | null;
  };
  /** Every Salesforce My Domain is sent here when set (the sandbox); null = the org's own domain. */
  salesforceDomainOverride: string | null;
  smartleadApiUrl: string;
  instantlyApiUrl: string;
  /** Every EmailBison instance URL is sent here when set (the sandbox); null = the key's own base URL. */
  emailbisonBaseUrlOverride: string | null;
  heyreachApiUrl: string;
  /** Every call to these services goes through it (outbound/guard.ts). */
  guard: OutboundGuard;
}

type Env = Record<string, string | undefined>;

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

export const SANDBOX_HUBSPOT_CLIENT_ID = 'sandbox-hubspot-client-id';
export const SANDBOX_HUBSPOT_CLIENT_SECRET = 'sandbox-hubspot-client-secret';

export function loadProviderEndpoints(env: Env): ProviderEndpoints {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const sandboxSetting =
    read('SANDBOX_URL') ?? `http://localhost:${read('SANDBOX_PORT') ?? '8090'}`;
  const sandboxUrl = sandboxSetting.toLowerCase() === 'off' ? null : trimSlash(sandboxSetting);
  const pick = (name: string, sandboxPath: string, real: string): string =>
    trimSlash(read(name) ?? (sandboxUrl ? `${sandboxUrl}${sandboxPath}` : real));
  const timeoutMs = Number(read('PROVIDER_TIMEOUT_MS') ?? 10_000);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new Error(
      `PROVIDER_TIMEOUT_MS must be a positive number, got "${read('PROVIDER_TIMEOUT_MS')}"`,
    );
  const urls = {
    hubspot: {
      apiUrl: pick('HUBSPOT_API_URL', '/hubspot', 'https://api.hubapi.com'),
      authorizeUrl: pick(
        'HUBSPOT_AUTHORIZE_URL',
        '/hubspot/oauth/authorize',
        'https://app.hubspot.com/oauth/authorize',
      ),
      clientId: read('HUBSPOT_CLIENT_ID') ?? (sandboxUrl ? SANDBOX_HUBSPOT_CLIENT_ID : null),
      clientSecret:
        read('HUBSPOT_CLIENT_SECRET') ?? (sandboxUrl ? SANDBOX_HUBSPOT_CLIENT_SECRET : null),
    },
    salesforceDomainOverride:
      read('SALESFORCE_DOMAIN_OVERRIDE') ?? (sandboxUrl ? `${sandboxUrl}/salesforce` : null),
    smartleadApiUrl: pick(
      'SMARTLEAD_API_URL',
      '/smartlead/api/v1',
      'https://server.smartlead.ai/api/v1',
    ),
    instantlyApiUrl: pick(
      'INSTANTLY_API_URL',
      '/instantly/api/v2',
      'https://api.instantly.ai/api/v2',
    ),
    emailbisonBaseUrlOverride:
      read('EMAILBISON_BASE_URL_OVERRIDE') ?? (sandboxUrl ? `${sandboxUrl}/emailbison` : null),
    heyreachApiUrl: pick(
      'HEYREACH_API_URL',
      '/heyreach/api/public',
      'https://api.heyreach.io/api/public',
    ),
  };
  return {
    timeoutMs,
    sandboxUrl,
    ...urls,
    guard: guardFor(urls, loadOutboundSettings(env, sandboxUrl)),
  };
}

type ProviderUrls = Omit<ProviderEndpoints, 'timeoutMs' | 'sandboxUrl' | 'guard'>;

/** The guard for these base URLs: each fixed provider may be called at its configured host only. */
function guardFor(
  urls: ProviderUrls,
  settings: OutboundSettings,
  resolve?: ResolveHost,
): OutboundGuard {
  return createOutboundGuard({
    settings,
    resolve,
    configuredUrls: {
      HubSpot: [urls.hubspot.apiUrl],
      Salesforce: urls.salesforceDomainOverride ? [urls.salesforceDomainOverride] : [],
      Smartlead: [urls.smartleadApiUrl],
      Instantly: [urls.instantlyApiUrl],
      EmailBison: urls.emailbisonBaseUrlOverride ? [urls.emailbisonBaseUrlOverride] : [],
      HeyReach: [urls.heyreachApiUrl],
    },
  });
}

/** The same endpoints with a guard that resolves host names with `resolve` (tests: "evil.example" → 127.0.0.1). */
export function withOutboundResolver(
  endpoints: ProviderEndpoints,
  resolve: ResolveHost,
): ProviderEndpoints {
  return { ...endpoints, guard: guardFor(endpoints, endpoints.guard.settings, resolve) };
}

/** The configuration variables above, for the README's table. */
export const providerConfigVariables = [
  {
    name: 'SANDBOX_URL',
    default: 'http://localhost:8090',
    description: 'Origin of the sandbox the adapters call; `off` calls the real services.',
  },
  {
    name: 'PROVIDER_TIMEOUT_MS',
    default: '10000',
    description: 'Time limit of one CRM or platform call.',
  },
  {
    name: 'HUBSPOT_API_URL',
    default: '${SANDBOX_URL}/hubspot (real: https://api.hubapi.com)',
    description: 'HubSpot API base.',
  },
  {
    name: 'HUBSPOT_AUTHORIZE_URL',
    default:
      '${SANDBOX_URL}/hubspot/oauth/authorize (real: https://app.hubspot.com/oauth/authorize)',
    description: 'HubSpot sign-in page.',
  },
  {
    name: 'HUBSPOT_CLIENT_ID',
    default: 'sandbox-hubspot-client-id with the sandbox',
    description: "The HubSpot app's client id.",
  },
  {
    name: 'HUBSPOT_CLIENT_SECRET',
    default: 'sandbox-hubspot-client-secret with the sandbox',
    description: "The HubSpot app's client secret.",
  },
  {
    name: 'SALESFORCE_DOMAIN_OVERRIDE',
    default: '${SANDBOX_URL}/salesforce (real: unset)',
    description: 'Sends every Salesforce My Domain here.',
  },
  {
    name: 'SMARTLEAD_API_URL',
    default: '${SANDBOX_URL}/smartlead/api/v1 (real: https://server.smartlead.ai/api/v1)',
    description: 'Smartlead API base.',
  },
  {
    name: 'INSTANTLY_API_URL',
    default: '${SANDBOX_URL}/instantly/api/v2 (real: https://api.instantly.ai/api/v2)',
    description: 'Instantly API base.',
  },
  {
    name: 'EMAILBISON_BASE_URL_OVERRIDE',
    default: '${SANDBOX_URL}/emailbison (real: unset)',
    description: 'Sends every EmailBison instance URL here.',
  },
  {
    name: 'HEYREACH_API_URL',
    default: '${SANDBOX_URL}/heyreach/api/public (real: https://api.heyreach.io/api/public)',
    description: 'HeyReach API base.',
  },
  ...outboundConfigVariables,
] as const;
