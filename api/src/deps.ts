import type { Kysely } from 'kysely';
import type { PointsLimiter } from './providers/limit-store.js';
import type { CrmProperty } from 'shared/contract';
import type { Clock } from './clock.js';
import type { CrmSessionStore } from './adapters/crm-session-store.js';
import type { AppConfig } from './config.js';
import type { SecretBox } from './crypto/secret-box.js';
import type { OpenHubSpotBatch } from './crm-writers/hubspot-batcher.js';
import type { Database } from './db/schema.js';
import type { ProviderEndpoints } from './providers/endpoints.js';
import { crmSessionStore } from './services/crm-session-store.js';

/** What services and adapters log through (Fastify's logger, or a worker's pino). */
export interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * State one process keeps in memory. Each app (and each worker process) makes its own with
 * createProcessState, so nothing is shared through module globals.
 */
export interface ProcessState {
  /** Token refreshes in flight, by "<CRM>:<profile id>": parallel calls of one profile share one refresh. */
  tokenRefreshes: Map<string, Promise<string>>;
  /** HubSpot contact properties by profile id (spec §7: cached per user). */
  contactProperties: Map<number, { expiresAt: number; properties: CrmProperty[] }>;
  /** The CRM writers' view of a HubSpot profile's contact properties (names, unique ones), by profile id. */
  writerProperties: Map<number, { expiresAt: number; names: Set<string>; unique: Set<string> }>;
  /** The writers' look at (and creation of) a HubSpot profile's os_ properties under way, by profile id: one at a time per profile. */
  propertyCreations: Map<number, Promise<unknown>>;
  /** Whether a HubSpot profile's engagement type has the unique os_event_id (null) or why not, by `profileId:type`. */
  eventKeyProperties: Map<string, { expiresAt: number; problem: string | null }>;
  /** Those looks under way, by `profileId:type`: one at a time per profile and type. */
  eventKeyPropertyChecks: Map<string, Promise<string | null>>;
  /** HubSpot calls of several events waiting for one turn of an account's rate limit, by `profileId:kind` (issue 55). */
  hubspotBatches: Map<string, OpenHubSpotBatch>;
  /** Rate limiters made on first use (providers/limit-store.ts processLimiter), by name and shape. */
  limiters: Map<string, PointsLimiter>;
}

export const createProcessState = (): ProcessState => ({
  tokenRefreshes: new Map(),
  contactProperties: new Map(),
  writerProperties: new Map(),
  propertyCreations: new Map(),
  eventKeyProperties: new Map(),
  eventKeyPropertyChecks: new Map(),
  hubspotBatches: new Map(),
  limiters: new Map(),
});

/** Everything a service needs, passed in: routes hand over the app's, jobs their worker's. */
export interface Deps {
  db: Kysely<Database>;
  secretBox: SecretBox;
  config: AppConfig;
  /** Where the adapters send their calls (config.providers unless a test or worker says otherwise). */
  providers: ProviderEndpoints;
  log: Logger;
  clock: Clock;
  state: ProcessState;
  /** Where the CRMs' OAuth sessions keep tokens (the adapters' port; the database unless a test says otherwise). */
  crmSessions: CrmSessionStore;
}

/** The dependencies of one process: the api makes its own (plugins/deps.ts), a worker process its own. */
export function createDeps(
  parts: Omit<Deps, 'providers' | 'state' | 'crmSessions'> & {
    providers?: ProviderEndpoints;
    state?: ProcessState;
    crmSessions?: CrmSessionStore;
  },
): Deps {
  return {
    ...parts,
    providers: parts.providers ?? parts.config.providers,
    state: parts.state ?? createProcessState(),
    crmSessions: parts.crmSessions ?? crmSessionStore(parts.db),
  };
}
