import type { ConfigVariable } from '../config.js';

/** How the block-list sync runs. */
export interface BlockListSyncSettings {
  /** A block list syncs again this long after its last attempt. */
  intervalMs: number;
  /** Entries this sync pushed whose member left the CRM list are removed from the platform (where its API allows it). */
  removeLeftMembers: boolean;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_BLOCK_LIST_SYNC_INTERVAL_MINUTES = 15;

export function loadBlockListSyncSettings(env: Env): BlockListSyncSettings {
  const text = env.BLOCK_LIST_SYNC_INTERVAL_MINUTES?.trim();
  const minutes = text ? Number(text) : DEFAULT_BLOCK_LIST_SYNC_INTERVAL_MINUTES;
  if (!Number.isFinite(minutes) || minutes <= 0)
    throw new Error(
      `BLOCK_LIST_SYNC_INTERVAL_MINUTES must be a positive number of minutes, got "${text}"`,
    );
  return {
    intervalMs: Math.round(minutes * 60_000),
    removeLeftMembers: readSwitch(env, 'BLOCK_LIST_REMOVE_LEFT_MEMBERS'),
  };
}

function readSwitch(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return false;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

export const blockListSyncConfigVariables: readonly ConfigVariable[] = [
  {
    name: 'BLOCK_LIST_SYNC_INTERVAL_MINUTES',
    default: String(DEFAULT_BLOCK_LIST_SYNC_INTERVAL_MINUTES),
    description:
      'How often each enabled block list is read from its CRM list and pushed to its platform (besides on creation, on resume and on "Sync now"). A list whose key the platform refused waits until the key is updated or re-checked.',
  },
  {
    name: 'BLOCK_LIST_REMOVE_LEFT_MEMBERS',
    default: 'false',
    description:
      'When true, entries a block list pushed whose member left its CRM list are removed from the platform (Instantly, EmailBison; Smartlead and HeyReach offer no way to remove them, which the log says). When false they are only logged: people also block by hand.',
  },
];
