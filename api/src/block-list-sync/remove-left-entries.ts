import {
  canRemoveBlockEntries,
  platformAdapters,
  removeBlockEntries,
} from '../adapters/platforms.js';
import { waitForRateSlots } from '../providers/pacing.js';
import type { Deps } from '../deps.js';
import type { PlatformCredentials } from '../adapters/platform-answer.js';
import { deleteBlockListEntries } from '../repositories/block-list-entries.js';
import type { NewBlockListLog } from '../repositories/block-list-logs.js';
import type { BlockListRecord } from '../repositories/block-lists.js';
import { PLATFORM_PUSH_LIMITS, platformPaceKey } from './platform-limits.js';
import type { SyncPacing } from './read-crm-list.js';

/** The reason kept on an entry the platform had before this list pushed it: someone blocked it by hand, or another list did. */
export const ALREADY_IN_PLATFORM = 'already in the platform before this list pushed it';

/** The note of a "removed-from-crm-list" log row: what happens to the entry in the platform. */
export function leftMemberNote(
  list: BlockListRecord,
  removeLeftMembers: boolean,
  hadBeforePush = false,
): string {
  const platform = list.apiKey.platform;
  if (removeLeftMembers && hadBeforePush)
    return 'Left the CRM list; kept in the platform: it was there before this list pushed it (blocked by hand or by another list)';
  if (!removeLeftMembers)
    return 'Left the CRM list; kept in the platform (remove it there by hand if it should no longer be blocked)';
  if (canRemoveBlockEntries(platform))
    return 'Left the CRM list; removed from the platform by the sync';
  return `Left the CRM list; kept in ${platformAdapters[platform].provider}: the platform offers no way to remove it through its API (remove it there by hand if it should no longer be blocked)`;
}

/** What a removal did: entries removed, and the platform's refusal of the key or the request, if any. */
export interface LeftEntriesRemoval {
  removed: number;
  refusal: { message: string; invalidKey: boolean } | null;
}

/**
 * Removes from the platform the entries this block list pushed whose member left the CRM list
 * (BLOCK_LIST_REMOVE_LEFT_MEMBERS), paced like the pushes. What the platform removed (or no longer has)
 * leaves block_list_entries, so it is pushed again if it comes back; a refused removal keeps its entry
 * (tried again next run) and logs the platform's words.
 */
export async function removeLeftEntries(
  deps: Deps,
  list: BlockListRecord,
  credentials: PlatformCredentials,
  entries: readonly string[],
  pacing: SyncPacing,
  logs: NewBlockListLog[],
): Promise<LeftEntriesRemoval> {
  const platform = list.apiKey.platform;
  if (entries.length === 0 || !canRemoveBlockEntries(platform))
    return { removed: 0, refusal: null };
  const rate = PLATFORM_PUSH_LIMITS[platform].rate;
  const provider = platformAdapters[platform].provider;
  const beforeCall = async () => {
    if (rate)
      await waitForRateSlots(
        deps,
        provider,
        [{ key: platformPaceKey(platform, list.apiKey.id), rule: rate }],
        pacing,
      );
  };
  const answer = await removeBlockEntries(
    deps.providers,
    credentials,
    platform,
    entries,
    beforeCall,
  );
  const at = deps.clock.now().toISOString();
  const removed = answer.ok ? answer.data.removed : [];
  const refused = answer.ok
    ? answer.data.refused
    : entries.map((value) => ({ value, message: answer.message }));
  await deleteBlockListEntries(deps.db, list.id, removed);
  const row = (entity: string, lastError: string | null): NewBlockListLog => ({
    blockListId: list.id,
    userId: list.userId,
    entity,
    entityDetails: { action: 'removed-from-platform', platform },
    syncedAt: lastError === null ? at : null,
    lastError,
    createdAt: at,
  });
  logs.push(
    ...removed.map((entry) => row(entry, null)),
    ...refused.map((refusal) => row(refusal.value, refusal.message)),
  );
  return {
    removed: removed.length,
    refusal: answer.ok
      ? null
      : { message: answer.message, invalidKey: answer.reason === 'invalid-key' },
  };
}
