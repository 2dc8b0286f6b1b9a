/** Everything the sandbox reads from the environment, with its default. */
export interface SandboxConfig {
  host: string;
  port: number;
  /** The origin other processes use to reach the sandbox, without a trailing slash. */
  publicUrl: string;
  /** Start with the providers' documented rate limits enforced. */
  enforceRateLimits: boolean;
  /** How long an injected "hang" fault holds a request before answering 504, when the fault gives no time. */
  hangMs: number;
  /** Requests kept per provider for the inspection API. */
  requestLogLimit: number;
  hubspot: {
    clientId: string;
    clientSecret: string;
    accessTokenTtlSeconds: number;
    /** New and changed records show up in CRM search only after this delay (HubSpot's search is eventually consistent). */
    searchLagMs: number;
  };
  salesforce: {
    consumerKey: string;
    consumerSecret: string;
    accessTokenTtlSeconds: number;
    /** REST calls the org may make per day (reported in Sforce-Limit-Info; beyond it 403 REQUEST_LIMIT_EXCEEDED). */
    dailyApiRequests: number;
  };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The demo page embedding a CRM Sync area (/embed-demo), when both are set. */
  embedDemo?: { crmSyncUrl: string; embedKey: string };
}

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

/** Every environment variable the sandbox reads, for the README. */
export const configVariables: readonly ConfigVariable[] = [
  { name: 'SANDBOX_HOST', default: '127.0.0.1', description: 'Address the sandbox listens on.' },
  { name: 'SANDBOX_PORT', default: '8090', description: 'Port the sandbox listens on.' },
  {
    name: 'SANDBOX_PUBLIC_URL',
    default: 'http://localhost:${SANDBOX_PORT}',
    description:
      'Origin the api and the browser use to reach the sandbox (Salesforce instance_url and paging links point here).',
  },
  {
    name: 'SANDBOX_ENFORCE_RATE_LIMITS',
    default: 'false',
    description: "Start with every provider's documented rate limits enforced.",
  },
  {
    name: 'SANDBOX_HANG_MS',
    default: '60000',
    description: 'How long a "hang" fault holds a request before answering 504.',
  },
  {
    name: 'SANDBOX_REQUEST_LOG_LIMIT',
    default: '500',
    description: 'Requests kept per provider for inspection.',
  },
  {
    name: 'SANDBOX_HUBSPOT_CLIENT_ID',
    default: 'sandbox-hubspot-client-id',
    description: 'HubSpot app client id accepted by the OAuth endpoints.',
  },
  {
    name: 'SANDBOX_HUBSPOT_CLIENT_SECRET',
    default: 'sandbox-hubspot-client-secret',
    description: 'HubSpot app client secret.',
  },
  {
    name: 'SANDBOX_HUBSPOT_TOKEN_TTL_SECONDS',
    default: '1800',
    description: 'Lifetime of a HubSpot access token.',
  },
  {
    name: 'SANDBOX_HUBSPOT_SEARCH_LAG_MS',
    default: '0',
    description: 'Delay before new or changed HubSpot records show in CRM search.',
  },
  {
    name: 'SANDBOX_SALESFORCE_CONSUMER_KEY',
    default: 'sandbox-consumer-key',
    description: 'Salesforce connected-app consumer key.',
  },
  {
    name: 'SANDBOX_SALESFORCE_CONSUMER_SECRET',
    default: 'sandbox-consumer-secret',
    description: 'Salesforce connected-app consumer secret.',
  },
  {
    name: 'SANDBOX_SALESFORCE_TOKEN_TTL_SECONDS',
    default: '7200',
    description: 'Lifetime of a Salesforce access token (the session timeout).',
  },
  {
    name: 'SANDBOX_SALESFORCE_DAILY_API_REQUESTS',
    default: '100000',
    description:
      "Salesforce REST calls the org may make per UTC day, reported in every answer's Sforce-Limit-Info; beyond it 403 REQUEST_LIMIT_EXCEEDED.",
  },
  {
    name: 'CRM_SYNC_URL',
    default: '(unset; `npm start` sets it)',
    description: 'The CRM Sync api the demo page (/embed-demo) embeds an area of.',
  },
  {
    name: 'DEMO_EMBED_KEY',
    default: '(unset; `npm start` sets it)',
    description:
      "The embed key the demo page's server side trades for tokens (never sent to the browser).",
  },
  {
    name: 'SANDBOX_LOG_LEVEL',
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent.',
  },
];

export type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readInteger(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads the configuration from environment variables, with the defaults listed in configVariables. */
export function loadSandboxConfig(env: Env = process.env): SandboxConfig {
  const port = readInteger(env, 'SANDBOX_PORT', 8090, 0, 65535);
  const rawPublicUrl = read(env, 'SANDBOX_PUBLIC_URL') ?? `http://localhost:${port}`;
  let publicUrl: string;
  try {
    publicUrl = new URL(rawPublicUrl).origin;
  } catch {
    throw new Error(`SANDBOX_PUBLIC_URL must be an absolute URL, got "${rawPublicUrl}"`);
  }
  const logLevel = (read(env, 'SANDBOX_LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(logLevels as readonly string[]).includes(logLevel))
    throw new Error(`SANDBOX_LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  return {
    host: read(env, 'SANDBOX_HOST') ?? '127.0.0.1',
    port,
    publicUrl,
    enforceRateLimits: readBoolean(env, 'SANDBOX_ENFORCE_RATE_LIMITS', false),
    hangMs: readInteger(env, 'SANDBOX_HANG_MS', 60_000, 1),
    requestLogLimit: readInteger(env, 'SANDBOX_REQUEST_LOG_LIMIT', 500, 1),
    hubspot: {
      clientId: read(env, 'SANDBOX_HUBSPOT_CLIENT_ID') ?? 'sandbox-hubspot-client-id',
      clientSecret: read(env, 'SANDBOX_HUBSPOT_CLIENT_SECRET') ?? 'sandbox-hubspot-client-secret',
      accessTokenTtlSeconds: readInteger(env, 'SANDBOX_HUBSPOT_TOKEN_TTL_SECONDS', 1800, 1),
      searchLagMs: readInteger(env, 'SANDBOX_HUBSPOT_SEARCH_LAG_MS', 0, 0),
    },
    salesforce: {
      consumerKey: read(env, 'SANDBOX_SALESFORCE_CONSUMER_KEY') ?? 'sandbox-consumer-key',
      consumerSecret: read(env, 'SANDBOX_SALESFORCE_CONSUMER_SECRET') ?? 'sandbox-consumer-secret',
      accessTokenTtlSeconds: readInteger(env, 'SANDBOX_SALESFORCE_TOKEN_TTL_SECONDS', 7200, 1),
      dailyApiRequests: readInteger(env, 'SANDBOX_SALESFORCE_DAILY_API_REQUESTS', 100_000, 1),
    },
    logLevel: logLevel as SandboxConfig['logLevel'],
    ...(read(env, 'CRM_SYNC_URL') && read(env, 'DEMO_EMBED_KEY')
      ? {
          embedDemo: {
            crmSyncUrl: new URL(read(env, 'CRM_SYNC_URL')!).origin,
            embedKey: read(env, 'DEMO_EMBED_KEY')!,
          },
        }
      : {}),
  };
}
