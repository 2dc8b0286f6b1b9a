import { loadPoolSettings, poolConfigVariables, type PoolSettings } from './db/pool-settings.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from 'shared/contract';
import {
  blockListSyncConfigVariables,
  loadBlockListSyncSettings,
  type BlockListSyncSettings,
} from './block-list-sync/settings.js';
import {
  forwardingConfigVariables,
  loadForwardingSettings,
  type ForwardingSettings,
} from './forwarding/settings.js';
import {
  loadProviderEndpoints,
  providerConfigVariables,
  type ProviderEndpoints,
} from './providers/endpoints.js';
import {
  loadReceiverSettings,
  receiverConfigVariables,
  type ReceiverSettings,
} from './receiver/settings.js';

/** The repository root: two folders above api/src or api/dist. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const logLevels: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** A hosted OpenID Connect issuer (Auth0 or any other), or the identity provider embedded in the api. */
export type IdentityConfig =
  | { kind: 'embedded'; issuerUrl: string; clientId: string; showDemoAccounts: boolean }
  | { kind: 'hosted'; issuerUrl: string; clientId: string; clientSecret: string };

export interface AppConfig {
  host: string;
  port: number;
  /** The origin the browser uses, without a trailing slash, e.g. http://localhost:8080. */
  publicUrl: string;
  remotes: { name: RemoteName; entry: string }[];
  dataDir: string;
  /** A file path, or ':memory:'. */
  databasePath: string;
  /** From DATABASE_URL: a postgres:// or postgresql:// URL; set = PostgreSQL instead of SQLite at databasePath. */
  databaseUrl: string | undefined;
  /** From SESSION_SECRET; undefined = the deployment's, in the database (sign-in-keys.ts). */
  sessionSecret: string | undefined;
  sessionTtlHours: number;
  /** How long an embed token (issue 59) lives, from EMBED_TOKEN_TTL_MINUTES. */
  embedTokenTtlMinutes: number;
  /** From DEPLOY_TOKEN: lets the release command publish a remote version without a session. */
  deployToken: string | undefined;
  identity: IdentityConfig;
  supportEmail: string;
  knowledgeBaseUrl: string;
  statusPageUrl: string;
  shellDistDir: string;
  /** Extra origins allowed for CORS with credentials and by the Origin check. */
  allowedOrigins: string[];
  logLevel: LogLevel;
  /** From ENCRYPTION_KEY; undefined = generated once and kept in ${dataDir}/secrets.json. */
  encryptionKey: string | undefined;
  providers: ProviderEndpoints;
  /** Key checks and lookups that reach a CRM or platform, per user and minute (plugins/provider-call-limit.ts). */
  providerCallsPerMinute: number;
  /** From DEMO_ACCOUNTS: seed the demo organizations and accounts (known password). Only the default demo run turns it on. */
  demoAccounts: boolean;
  /** From DEMO_EMBED_KEY, with demoAccounts only: the embed key the sandbox's demo page trades for tokens. */
  demoEmbedKey: string | undefined;
  /** Fastify's requestTimeout: the longest time to receive one whole request. */
  requestTimeoutMs: number;
  /** Fastify's connectionTimeout: the longest a connection may sit idle. */
  connectionTimeoutMs: number;
  /** Load shedding: requests are answered 503 while the event loop lags more than this (0: never). */
  maxEventLoopDelayMs: number;
  /** Fastify's trustProxy: whose X-Forwarded-For to believe (the sign-in throttle counts per client address). */
  trustProxy: boolean | string;
  /** The webhook receiver and its workers (receiver/settings.ts). */
  receiver: ReceiverSettings;
  /** PostgreSQL pool sizes (db/pool-settings.ts). */
  pools: PoolSettings;
  /** Forwarding events to webhooks' additional endpoints: retry schedule and per-attempt time-out. */
  forwarding: ForwardingSettings;
  /** The block-list sync's schedule. */
  blockListSync: BlockListSyncSettings;
}

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

/** Every environment variable the api reads, with its default, for the README. */
export const configVariables: readonly ConfigVariable[] = [
  { name: 'API_HOST', default: '127.0.0.1', description: 'Address the api listens on.' },
  { name: 'API_PORT', default: '8080', description: 'Port the api listens on.' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:${API_PORT}',
    description: 'Origin the browser uses for the api and the shell.',
  },
  { name: 'CONNECTIONS_PORT', default: '8081', description: 'Port of the mfe-connections remote.' },
  { name: 'WEBHOOKS_PORT', default: '8082', description: 'Port of the mfe-webhooks remote.' },
  { name: 'BLOCKLISTS_PORT', default: '8083', description: 'Port of the mfe-blocklists remote.' },
  { name: 'LOGS_PORT', default: '8084', description: 'Port of the mfe-logs remote.' },
  {
    name: 'MFE_CONNECTIONS_URL',
    default: 'http://localhost:${CONNECTIONS_PORT}/mf-manifest.json',
    description: 'Manifest URL of mfe-connections, served in /remotes.json.',
  },
  {
    name: 'MFE_WEBHOOKS_URL',
    default: 'http://localhost:${WEBHOOKS_PORT}/mf-manifest.json',
    description: 'Manifest URL of mfe-webhooks.',
  },
  {
    name: 'MFE_BLOCKLISTS_URL',
    default: 'http://localhost:${BLOCKLISTS_PORT}/mf-manifest.json',
    description: 'Manifest URL of mfe-blocklists.',
  },
  {
    name: 'MFE_LOGS_URL',
    default: 'http://localhost:${LOGS_PORT}/mf-manifest.json',
    description: 'Manifest URL of mfe-logs.',
  },
  {
    name: 'DATA_DIR',
    default: '<repo root>/.data',
    description: 'Folder for the database and secrets.json.',
  },
  {
    name: 'DATABASE_PATH',
    default: '${DATA_DIR}/crm-sync.sqlite',
    description: 'SQLite database file (:memory: for tests).',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset: SQLite at ${DATABASE_PATH})',
    description:
      'PostgreSQL instead of SQLite: a postgres:// or postgresql:// URL, e.g. postgres://crm_sync:crm_sync@127.0.0.1:5432/crm_sync (migrated on start).',
  },
  {
    name: 'SESSION_SECRET',
    default: 'generated by the first api and kept in the database, sealed with ENCRYPTION_KEY',
    description: 'Secret that signs cookies.',
  },
  { name: 'SESSION_TTL_HOURS', default: '12', description: 'Lifetime of a sign-in session.' },
  {
    name: 'DEPLOY_TOKEN',
    default: '(unset: only admins publish releases)',
    description:
      'Bearer token the release command sends to publish a remote version (besides an admin session).',
  },
  {
    name: 'OIDC_ISSUER_URL',
    default: '(unset: embedded identity provider at ${PUBLIC_URL}/oidc)',
    description: 'Hosted OpenID Connect issuer (Auth0 or any other), found through discovery.',
  },
  {
    name: 'OIDC_CLIENT_ID',
    default: '(unset)',
    description: 'Client id at the hosted issuer (required with OIDC_ISSUER_URL).',
  },
  {
    name: 'OIDC_CLIENT_SECRET',
    default: '(unset)',
    description: 'Client secret at the hosted issuer (required with OIDC_ISSUER_URL).',
  },
  {
    name: 'DEMO_ACCOUNTS',
    default: 'false (`npm start` turns it on with the sandbox and the embedded sign-in)',
    description:
      'Seed the demo organizations and accounts, password crm-sync-demo. Refused with a hosted issuer and with SANDBOX_URL=off.',
  },
  {
    name: 'DEMO_EMBED_KEY',
    default: '(unset; `npm start` makes one at each start)',
    description:
      "With DEMO_ACCOUNTS: the embed key of the sandbox's demo page, made for admin@example.com's organization (the one before it revoked).",
  },
  {
    name: 'SHOW_DEMO_ACCOUNTS',
    default: 'true when DEMO_ACCOUNTS is on',
    description: 'List the demo accounts on the embedded login page.',
  },
  {
    name: 'REQUEST_TIMEOUT_MS',
    default: '30000',
    description: 'Longest time to receive one whole request.',
  },
  {
    name: 'CONNECTION_TIMEOUT_MS',
    default: '30000',
    description: 'Longest time a connection may sit idle.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      "Believe X-Forwarded-For from the proxy in front (the sign-in throttle counts per client address): true, or the proxies' addresses and ranges.",
  },
  {
    name: 'SUPPORT_EMAIL',
    default: 'support@crm-sync.example',
    description: 'Support address shown by the shell.',
  },
  {
    name: 'KNOWLEDGE_BASE_URL',
    default: 'https://docs.crm-sync.example',
    description: 'Knowledge base link shown by the shell.',
  },
  {
    name: 'STATUS_PAGE_URL',
    default: 'https://status.crm-sync.example',
    description: 'Status page link shown by the shell.',
  },
  {
    name: 'SHELL_DIST_DIR',
    default: '<repo root>/shell/dist',
    description: "Folder of the shell's build, served with SPA fallback.",
  },
  {
    name: 'ALLOWED_ORIGINS',
    default: '',
    description:
      'Extra comma-separated origins allowed for CORS with credentials and the Origin check.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'ENCRYPTION_KEY',
    default: 'generated into ${DATA_DIR}/secrets.json',
    description:
      "Key that encrypts stored API keys, tokens, consumer secrets, webhook endpoints' signing secrets and the deployment's sign-in keys: the same on every process of a deployment.",
  },
  ...providerConfigVariables,
  ...receiverConfigVariables,
  ...poolConfigVariables,
  ...forwardingConfigVariables,
  ...blockListSyncConfigVariables,
  {
    name: 'PROVIDER_CALLS_PER_MINUTE',
    default: '60',
    description:
      'Key checks and lookups that reach a CRM or platform one user may make a minute (then 429 with Retry-After).',
  },
];

export const EMBEDDED_CLIENT_ID = 'crm-sync-dashboard';

export type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readPort(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

function readPositiveNumber(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function readNonNegativeNumber(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be 0 or a positive number, got "${raw}"`);
  return value;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function readUrl(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback;
  try {
    return new URL(raw).href;
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
}

/** An origin (scheme://host[:port]) from a URL-ish text. */
export function toOrigin(url: string): string {
  return new URL(url).origin;
}

/** Fastify's trustProxy from TRUST_PROXY: true/false, or comma-separated addresses and ranges of the proxies. */
function readTrustProxy(env: Env): boolean | string {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  if (['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(raw.toLowerCase()))
    return readBoolean(env, 'TRUST_PROXY', false);
  return raw;
}

/**
 * DEMO_ACCOUNTS seeds accounts whose password everyone knows: only for the embedded sign-in in front
 * of the sandbox, never with a hosted issuer or the real services.
 */
function readDemoAccounts(env: Env): boolean {
  const demoAccounts = readBoolean(env, 'DEMO_ACCOUNTS', false);
  if (!demoAccounts) return false;
  if (read(env, 'OIDC_ISSUER_URL') !== undefined) {
    throw new Error(
      'DEMO_ACCOUNTS=true seeds accounts with a known password: not with a hosted issuer (OIDC_ISSUER_URL). Set DEMO_ACCOUNTS=false.',
    );
  }
  if (read(env, 'SANDBOX_URL')?.toLowerCase() === 'off') {
    throw new Error(
      'DEMO_ACCOUNTS=true serves a known password: not with the real services (SANDBOX_URL=off). Set DEMO_ACCOUNTS=false and create the first admin with `npm run create-admin -- --email you@example.com`.',
    );
  }
  return true;
}

function readIdentity(env: Env, publicUrl: string, demoAccounts: boolean): IdentityConfig {
  const issuerUrl = read(env, 'OIDC_ISSUER_URL');
  const clientId = read(env, 'OIDC_CLIENT_ID');
  const clientSecret = read(env, 'OIDC_CLIENT_SECRET');
  if (issuerUrl === undefined) {
    return {
      kind: 'embedded',
      issuerUrl: `${publicUrl}/oidc`,
      clientId: EMBEDDED_CLIENT_ID,
      showDemoAccounts: readBoolean(env, 'SHOW_DEMO_ACCOUNTS', true) && demoAccounts,
    };
  }
  if (clientId === undefined || clientSecret === undefined) {
    throw new Error(
      'OIDC_ISSUER_URL is set: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set too',
    );
  }
  return {
    kind: 'hosted',
    issuerUrl: readUrl(env, 'OIDC_ISSUER_URL', issuerUrl),
    clientId,
    clientSecret,
  };
}

/** Reads all configuration from environment variables, with the defaults listed in configVariables. */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = readPort(env, 'API_PORT', 8080);
  const publicUrl = toOrigin(readUrl(env, 'PUBLIC_URL', `http://localhost:${port}`));
  const manifest = (urlName: string, portName: string, defaultPort: number): string =>
    readUrl(
      env,
      urlName,
      `http://localhost:${readPort(env, portName, defaultPort)}/mf-manifest.json`,
    );
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? path.join(repoRoot, '.data'));
  const databasePath = read(env, 'DATABASE_PATH') ?? path.join(dataDir, 'crm-sync.sqlite');
  const databaseUrl = read(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/./i.test(databaseUrl)) {
    throw new Error(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use SQLite at DATABASE_PATH)',
    );
  }
  const demoAccounts = readDemoAccounts(env);
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!logLevels.includes(logLevel as LogLevel))
    throw new Error(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  const allowedOrigins = (read(env, 'ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => {
      try {
        return toOrigin(origin);
      } catch {
        throw new Error(`ALLOWED_ORIGINS must list absolute origins, got "${origin}"`);
      }
    });

  return {
    host: read(env, 'API_HOST') ?? '127.0.0.1',
    port,
    publicUrl,
    remotes: [
      { name: 'mfe_connections', entry: manifest('MFE_CONNECTIONS_URL', 'CONNECTIONS_PORT', 8081) },
      { name: 'mfe_webhooks', entry: manifest('MFE_WEBHOOKS_URL', 'WEBHOOKS_PORT', 8082) },
      { name: 'mfe_blocklists', entry: manifest('MFE_BLOCKLISTS_URL', 'BLOCKLISTS_PORT', 8083) },
      { name: 'mfe_logs', entry: manifest('MFE_LOGS_URL', 'LOGS_PORT', 8084) },
    ],
    dataDir,
    databasePath: databasePath === ':memory:' ? databasePath : path.resolve(databasePath),
    databaseUrl,
    sessionSecret: read(env, 'SESSION_SECRET'),
    sessionTtlHours: readPositiveNumber(env, 'SESSION_TTL_HOURS', 12),
    embedTokenTtlMinutes: readPositiveNumber(env, 'EMBED_TOKEN_TTL_MINUTES', 15),
    deployToken: read(env, 'DEPLOY_TOKEN'),
    identity: readIdentity(env, publicUrl, demoAccounts),
    supportEmail: read(env, 'SUPPORT_EMAIL') ?? 'support@crm-sync.example',
    knowledgeBaseUrl: read(env, 'KNOWLEDGE_BASE_URL') ?? 'https://docs.crm-sync.example',
    statusPageUrl: read(env, 'STATUS_PAGE_URL') ?? 'https://status.crm-sync.example',
    shellDistDir: path.resolve(read(env, 'SHELL_DIST_DIR') ?? path.join(repoRoot, 'shell', 'dist')),
    allowedOrigins: [...new Set(allowedOrigins)],
    logLevel: logLevel as LogLevel,
    encryptionKey: read(env, 'ENCRYPTION_KEY'),
    providers: loadProviderEndpoints(env),
    providerCallsPerMinute: readPositiveNumber(env, 'PROVIDER_CALLS_PER_MINUTE', 60),
    demoAccounts,
    demoEmbedKey: demoAccounts ? read(env, 'DEMO_EMBED_KEY') : undefined,
    requestTimeoutMs: readPositiveNumber(env, 'REQUEST_TIMEOUT_MS', 30_000),
    connectionTimeoutMs: readPositiveNumber(env, 'CONNECTION_TIMEOUT_MS', 30_000),
    maxEventLoopDelayMs: readNonNegativeNumber(env, 'MAX_EVENT_LOOP_DELAY_MS', 1_000),
    trustProxy: readTrustProxy(env),
    receiver: loadReceiverSettings(env),
    pools: loadPoolSettings(env),
    forwarding: loadForwardingSettings(env),
    blockListSync: loadBlockListSyncSettings(env),
  };
}
