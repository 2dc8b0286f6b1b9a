/**
 * A block list's status (spec §3 leaves the values to the server): the engine's SYNCING, SYNCED and
 * FAILED (PENDING before its first run), and the two the presenter shows instead of them: PAUSED (the
 * list is disabled) and PAUSED_PENDING_UPGRADE (its owner may not block lists).
 */
export const BLOCK_LIST_STATUS = {
  pending: 'PENDING',
  syncing: 'SYNCING',
  synced: 'SYNCED',
  failed: 'FAILED',
  paused: 'PAUSED',
  pausedPendingUpgrade: 'PAUSED_PENDING_UPGRADE',
} as const;

/** What the table shows: the paused states before the engine's. */
export function shownStatus(list: {
  isEnabled: boolean;
  ownerCanBlockList: boolean;
  status: string;
}): string {
  if (!list.ownerCanBlockList) return BLOCK_LIST_STATUS.pausedPendingUpgrade;
  if (!list.isEnabled) return BLOCK_LIST_STATUS.paused;
  return list.status;
}
