import type { ConfigVariable } from '../config.js';

/** How the block-list sync runs. */
export interface BlockListSyncSettings {
  /** A block list syncs again this long after its last attempt. */
  intervalMs: number;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_BLOCK_LIST_SYNC_INTERVAL_MINUTES = 15;

export function loadBlockListSyncSettings(env: Env): BlockListSyncSettings {
  const text = env.BLOCK_LIST_SYNC_INTERVAL_MINUTES?.trim();
  const minutes = text ? Number(text) : DEFAULT_BLOCK_LIST_SYNC_INTERVAL_MINUTES;
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`BLOCK_LIST_SYNC_INTERVAL_MINUTES must be a positive number of minutes, got "${text}"`);
  return { intervalMs: Math.round(minutes * 60_000) };
}

export const blockListSyncConfigVariables: readonly ConfigVariable[] = [
  {
    name: 'BLOCK_LIST_SYNC_INTERVAL_MINUTES',
    default: String(DEFAULT_BLOCK_LIST_SYNC_INTERVAL_MINUTES),
    description:
      'How often each enabled block list is read from its CRM list and pushed to its platform (besides on creation, on resume and on "Sync now"). A list whose key the platform refused waits until the key is updated or re-checked.',
  },
];
