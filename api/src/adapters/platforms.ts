import { bisonLeadCategory } from 'shared/contract';
import type { Platform } from '../db/schema.js';
import type { ProviderEndpoints } from '../providers/endpoints.js';
import type { ProviderName } from '../providers/provider-http.js';
import {
  addToBisonBlockList,
  checkBisonKey,
  createBisonWebhook,
  removeFromBisonBlockList,
} from './emailbison/index.js';
import {
  addLeadsToHeyReachList,
  checkHeyReachKey,
  createHeyReachWebhooks,
  type HeyReachLeadInput,
} from './heyreach/index.js';
import {
  addToInstantlyBlockList,
  checkInstantlyKey,
  createInstantlyWebhook,
  instantlyLeadCategories,
  removeFromInstantlyBlockList,
} from './instantly/index.js';
import type {
  BeforeCall,
  BlockPushResult,
  BlockRemoveResult,
  KeyCheck,
  PlatformAnswer,
  PlatformCredentials,
  PlatformLeadCategory,
  PlatformWebhookCreated,
  PlatformWebhookInput,
} from './platform-answer.js';
import {
  addToSmartleadBlockList,
  checkSmartleadKey,
  createSmartleadWebhook,
  smartleadLeadCategories,
} from './smartlead/index.js';

export type {
  BlockPushResult,
  KeyCheck,
  PlatformAnswer,
  PlatformCredentials,
  PlatformLeadCategory,
  PlatformWebhookCreated,
  PlatformWebhookInput,
} from './platform-answer.js';

/** bison's one category (spec §4): no platform call, no key needed. */
export const BISON_LEAD_CATEGORY: PlatformLeadCategory = { ...bisonLeadCategory, created_at: null };

/** One interface over the four engagement platforms. */
export interface PlatformAdapter {
  platform: Platform;
  /** The outside service's name, as provider failures say it. */
  provider: ProviderName;
  /** Valid, or not with the platform's message; a platform failure (429, 5xx, time-out) throws a ProviderError. */
  checkKey(endpoints: ProviderEndpoints, credentials: PlatformCredentials): Promise<KeyCheck>;
  /**
   * Where the key's lead categories come from: the platform (smartlead categories, instantly lead
   * labels), a fixed list (bison), or the categories users added and the api stores (heyreach).
   */
  leadCategories:
    | {
        source: 'platform';
        read(
          endpoints: ProviderEndpoints,
          credentials: PlatformCredentials,
        ): Promise<PlatformAnswer<PlatformLeadCategory[]>>;
      }
    | { source: 'fixed'; categories: readonly PlatformLeadCategory[] }
    | { source: 'stored' };
  /** Creates a webhook on the platform that posts every event the receiver reads to `webhook.url`. */
  createWebhook(
    endpoints: ProviderEndpoints,
    credentials: PlatformCredentials,
    webhook: PlatformWebhookInput,
  ): Promise<PlatformAnswer<PlatformWebhookCreated>>;
}

export const platformAdapters: Record<Platform, PlatformAdapter> = {
  smartlead: {
    platform: 'smartlead',
    provider: 'Smartlead',
    checkKey: checkSmartleadKey,
    leadCategories: { source: 'platform', read: smartleadLeadCategories },
    createWebhook: createSmartleadWebhook,
  },
  instantly: {
    platform: 'instantly',
    provider: 'Instantly',
    checkKey: checkInstantlyKey,
    leadCategories: { source: 'platform', read: instantlyLeadCategories },
    createWebhook: createInstantlyWebhook,
  },
  bison: {
    platform: 'bison',
    provider: 'EmailBison',
    checkKey: checkBisonKey,
    leadCategories: { source: 'fixed', categories: [BISON_LEAD_CATEGORY] },
    createWebhook: createBisonWebhook,
  },
  heyreach: {
    platform: 'heyreach',
    provider: 'HeyReach',
    checkKey: checkHeyReachKey,
    leadCategories: { source: 'stored' },
    createWebhook: createHeyReachWebhooks,
  },
};

/** What the block-list sync pushes into one platform. */
export type BlockListPush =
  /** Emails and/or domains; clientId picks a Smartlead client's list (null: the account's global list). */
  | { platform: 'smartlead'; values: readonly string[]; clientId?: number | null }
  /** Emails and/or domains (a value without "@" blocks the whole domain). */
  | { platform: 'instantly'; values: readonly string[] }
  /** Emails go to the blacklisted emails, other values to the blacklisted domains. */
  | { platform: 'bison'; values: readonly string[] }
  /** LinkedIn profiles added to the block list's HeyReach list. */
  | { platform: 'heyreach'; listId: number; leads: readonly HeyReachLeadInput[] };

/** Pushes entries into a platform's block list in the platform's batch sizes. */
export function pushBlockEntries(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  push: BlockListPush,
): Promise<PlatformAnswer<BlockPushResult>> {
  switch (push.platform) {
    case 'smartlead':
      return addToSmartleadBlockList(endpoints, credentials, {
        values: push.values,
        clientId: push.clientId,
      });
    case 'instantly':
      return addToInstantlyBlockList(endpoints, credentials, push.values);
    case 'bison':
      return addToBisonBlockList(endpoints, credentials, push.values);
    case 'heyreach':
      return addLeadsToHeyReachList(endpoints, credentials, push.listId, push.leads);
  }
}

/** The platforms whose API can remove block-list entries: Smartlead and HeyReach offer no way to. */
export type RemovablePlatform = 'instantly' | 'bison';

export const canRemoveBlockEntries = (platform: Platform): platform is RemovablePlatform =>
  platform === 'instantly' || platform === 'bison';

/** Removes emails and/or domains from a platform's block list, calling `beforeCall` before each call. */
export function removeBlockEntries(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  platform: RemovablePlatform,
  values: readonly string[],
  beforeCall: BeforeCall,
): Promise<PlatformAnswer<BlockRemoveResult>> {
  return platform === 'instantly'
    ? removeFromInstantlyBlockList(endpoints, credentials, values, beforeCall)
    : removeFromBisonBlockList(endpoints, credentials, values, beforeCall);
}
