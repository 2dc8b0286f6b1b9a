import type { z } from 'zod';
import { currentUserOperations } from './current-user.js';
import { userOperations } from './users.js';
import { userAccountOperations } from './user-accounts.js';
import { webhookOperations } from './webhooks.js';
import { blockListOperations } from './block-lists.js';
import { logOperations } from './logs.js';
import { apiKeyOperations } from './api-keys.js';
import { platformLookupOperations } from './platform-lookups.js';
import { crmConnectionOperations } from './crm-connections.js';
import { integrationOperations } from './integrations.js';
import { crmLookupOperations } from './crm-lookups.js';
import { embedKeyOperations } from './embed.js';
import { crmBacklogOperations } from './crm-backlog.js';
import { releaseOperations } from './releases.js';

/**
 * Every call of the REST contract (spec §7), merged from one file per group: the api validates
 * requests and responses with these schemas and the client takes its types from them.
 */
export const operations = {
  ...currentUserOperations,
  ...userOperations,
  ...userAccountOperations,
  ...webhookOperations,
  ...blockListOperations,
  ...logOperations,
  ...apiKeyOperations,
  ...platformLookupOperations,
  ...crmConnectionOperations,
  ...integrationOperations,
  ...crmLookupOperations,
  ...embedKeyOperations,
  ...crmBacklogOperations,
  ...releaseOperations,
};

export type Operations = typeof operations;
export type OperationName = keyof Operations;
type Part<N extends OperationName, K extends string> =
  Operations[N] extends Record<K, infer S extends z.ZodType> ? S : never;
export type ResponseOf<N extends OperationName> = z.infer<Operations[N]['response']>;
export type BodyOf<N extends OperationName> = [Part<N, 'body'>] extends [never]
  ? never
  : z.input<Part<N, 'body'>>;
export type ParamsOf<N extends OperationName> = [Part<N, 'params'>] extends [never]
  ? never
  : z.input<Part<N, 'params'>>;
export type QueryOf<N extends OperationName> = [Part<N, 'query'>] extends [never]
  ? never
  : z.input<Part<N, 'query'>>;
