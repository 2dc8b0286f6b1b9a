import { chunk } from '../adapters/platform-answer.js';
import {
  canRemoveBlockEntries,
  pushBlockEntries,
  type BlockListPush,
  type PlatformCredentials,
} from '../adapters/platforms.js';
import { waitForRateSlots } from '../providers/pacing.js';
import type { Deps } from '../deps.js';
import type { BlockListSyncReason } from '../jobs/job-names.js';
import { CrmDisconnected, ProviderError } from '../providers/provider-http.js';
import { setApiKeyValidity, findApiKey } from '../repositories/api-keys.js';
import {
  countBlockListEntries,
  listBlockListEntries,
  saveBlockListEntries,
  setBlockListEntriesRemoved,
} from '../repositories/block-list-entries.js';
import { insertBlockListLogs, type NewBlockListLog } from '../repositories/block-list-logs.js';
import {
  findBlockList,
  setBlockListSyncState,
  type BlockListRecord,
} from '../repositories/block-lists.js';
import { credentialsOf } from '../services/api-keys.js';
import { entriesOf, type BlockEntry, type SkippedMember } from './entries.js';
import { PLATFORM_PUSH_LIMITS, platformPaceKey } from './platform-limits.js';
import { ALREADY_IN_PLATFORM, leftMemberNote, removeLeftEntries } from './remove-left-entries.js';
import { entryFieldsOf, readCrmList, type SyncPacing } from './read-crm-list.js';
import { BLOCK_LIST_STATUS } from '../records/block-list-status.js';
import { platformAdapters } from '../adapters/platforms.js';

/** What one run did. */
export type SyncOutcome =
  | { kind: 'skipped'; reason: 'gone' | 'paused' | 'pending-upgrade' }
  | { kind: 'synced'; pushed: number; refused: number; removed: number; calls: number }
  | { kind: 'failed'; message: string };

/** A refused key or request: the run stops and the list is FAILED with the platform's words. */
class PushRefused extends Error {
  constructor(
    message: string,
    readonly invalidKey: boolean,
  ) {
    super(message);
  }
}

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The key of a member that gives no entry: its value, else its record. */
const skippedKey = (skipped: SkippedMember): string =>
  (skipped.value ?? `record ${skipped.recordId}`).trim().toLowerCase();

function pushOf(list: BlockListRecord, batch: readonly BlockEntry[]): BlockListPush {
  const values = batch.map((entry) => entry.entry);
  switch (list.apiKey.platform) {
    case 'smartlead':
      return {
        platform: 'smartlead',
        values,
        clientId: list.clientId === null ? null : Number(list.clientId),
      };
    case 'instantly':
      return { platform: 'instantly', values };
    case 'bison':
      return { platform: 'bison', values };
    case 'heyreach':
      return {
        platform: 'heyreach',
        listId: Number(list.heyReachListId),
        leads: batch.map((entry) => ({
          profileUrl: entry.entry,
          firstName: entry.lead?.firstName ?? null,
          lastName: entry.lead?.lastName ?? null,
        })),
      };
  }
}

/**
 * Pushes the new entries in the platform's batch size, paced at its published rate per key; each batch
 * is recorded as it lands, so a run cut short (a 429 puts the job back until Retry-After) resumes with
 * only what is still missing. Answers the calls made.
 */
async function listCredentials(deps: Deps, list: BlockListRecord): Promise<PlatformCredentials> {
  const key = await findApiKey(deps.db, list.apiKey.id);
  if (!key) throw new PushRefused('The API key of this block list is gone', true);
  return credentialsOf(deps, key);
}

async function pushNewEntries(
  deps: Deps,
  list: BlockListRecord,
  entries: readonly BlockEntry[],
  pacing: SyncPacing,
  logs: NewBlockListLog[],
): Promise<{ calls: number; refused: number }> {
  const credentials = await listCredentials(deps, list);
  const limits = PLATFORM_PUSH_LIMITS[list.apiKey.platform];
  const { provider } = platformAdapters[list.apiKey.platform];
  let calls = 0;
  let refused = 0;
  const pushOne = async (batch: BlockEntry[]) => {
    if (limits.rate)
      await waitForRateSlots(
        deps,
        provider,
        [{ key: platformPaceKey(list.apiKey.platform, list.apiKey.id), rule: limits.rate }],
        pacing,
      );
    return pushBlockEntries(deps.providers, credentials, pushOf(list, batch));
  };
  for (const wave of chunk(chunk(entries, limits.batch), limits.parallel)) {
    const settled = await Promise.allSettled(wave.map(pushOne));
    calls += wave.length;
    const at = deps.clock.now().toISOString();
    const saved: { entry: string; state: 'synced' | 'refused'; reason: string | null }[] = [];
    let failure: unknown = null;
    for (const [index, result] of settled.entries()) {
      const batch = wave[index]!;
      if (result.status === 'rejected') {
        failure ??= result.reason;
        continue;
      }
      if (!result.value.ok) {
        failure ??= new PushRefused(result.value.message, result.value.reason === 'invalid-key');
        continue;
      }
      const answer = result.value.data;
      // one value a call (bison) tells which one was refused; a batch's refusals are the platform's count only
      const batchRefused =
        limits.batch === 1 && answer.failed > 0
          ? (answer.errors[0] ?? `${provider} refused it`)
          : null;
      if (batchRefused !== null) refused += 1;
      const present = new Set(answer.alreadyPresent);
      for (const entry of batch) {
        const hadIt = batchRefused === null && present.has(entry.entry);
        saved.push({
          entry: entry.entry,
          state: batchRefused === null ? 'synced' : 'refused',
          reason: batchRefused ?? (hadIt ? ALREADY_IN_PLATFORM : null),
        });
        logs.push({
          blockListId: list.id,
          userId: list.userId,
          entity: entry.entry,
          entityDetails: {
            action: batchRefused === null ? 'pushed' : 'refused',
            platform: list.apiKey.platform,
            recordId: entry.recordId,
            ...(hadIt ? { alreadyInPlatform: true } : {}),
            ...(list.clientId === null ? {} : { clientId: list.clientId }),
          },
          syncedAt: batchRefused === null ? at : null,
          lastError: batchRefused,
          createdAt: at,
        });
      }
    }
    // what landed is recorded before a failure stops the run, so the next run does not push it again
    await saveBlockListEntries(deps.db, list.id, saved, at);
    if (failure !== null) throw failure;
    if (logs.length >= 500) await insertBlockListLogs(deps.db, logs.splice(0, logs.length));
  }
  return { calls, refused };
}

async function run(
  deps: Deps,
  list: BlockListRecord,
  reason: BlockListSyncReason,
  pacing: SyncPacing,
  logs: NewBlockListLog[],
): Promise<SyncOutcome> {
  const members = await readCrmList(deps, list, pacing);
  const fetchedAt = deps.clock.now().toISOString();
  await setBlockListSyncState(deps.db, list.id, { lastFetchedAt: fetchedAt });
  const { entries, skipped } = entriesOf(members, {
    platform: list.apiKey.platform,
    blockType: list.blockType,
    useDomainForNonLatin: list.useDomainForNonLatin,
    fields: entryFieldsOf(list),
  });
  const known = await listBlockListEntries(deps.db, list.id);

  const current = new Set([...entries.map((entry) => entry.entry), ...skipped.map(skippedKey)]);
  const back = [...current].filter((entry) => known.get(entry)?.removedAt != null);
  if (back.length > 0) await setBlockListEntriesRemoved(deps.db, list.id, back, null);
  const removed = [...known.values()].filter(
    (row) => row.removedAt === null && !current.has(row.entry),
  );
  const { removeLeftMembers } = deps.config.blockListSync;
  if (removed.length > 0)
    await setBlockListEntriesRemoved(
      deps.db,
      list.id,
      removed.map((row) => row.entry),
      fetchedAt,
    );
  for (const row of removed.filter((row) => row.state === 'synced')) {
    logs.push({
      blockListId: list.id,
      userId: list.userId,
      entity: row.entry,
      entityDetails: {
        action: 'removed-from-crm-list',
        platform: list.apiKey.platform,
        note: leftMemberNote(list, removeLeftMembers, row.reason === ALREADY_IN_PLATFORM),
      },
      syncedAt: null,
      lastError: null,
      createdAt: fetchedAt,
    });
  }

  const newSkipped = [
    ...new Map(
      skipped
        .filter((member) => !known.has(skippedKey(member)))
        .map((member) => [skippedKey(member), member]),
    ).values(),
  ];
  await saveBlockListEntries(
    deps.db,
    list.id,
    newSkipped.map((member) => ({
      entry: skippedKey(member),
      state: 'refused',
      reason: member.reason,
    })),
    fetchedAt,
  );
  for (const member of newSkipped) {
    logs.push({
      blockListId: list.id,
      userId: list.userId,
      entity: skippedKey(member),
      entityDetails: { action: 'not-synced', recordId: member.recordId },
      syncedAt: null,
      lastError: member.reason,
      createdAt: fetchedAt,
    });
  }

  const fresh = entries.filter((entry) => !known.has(entry.entry));
  const pushed = await pushNewEntries(deps, list, fresh, pacing, logs);
  // every synced entry out of the CRM list, not only this run's leavers: a refused removal is tried again
  const leftInPlatform =
    removeLeftMembers && canRemoveBlockEntries(list.apiKey.platform)
      ? [...known.values()].filter(
          (row) =>
            row.state === 'synced' && row.reason !== ALREADY_IN_PLATFORM && !current.has(row.entry),
        )
      : [];
  const unblocked =
    leftInPlatform.length === 0
      ? { removed: 0, refusal: null }
      : await removeLeftEntries(
          deps,
          list,
          await listCredentials(deps, list),
          leftInPlatform.map((row) => row.entry),
          pacing,
          logs,
        );
  if (unblocked.refusal?.invalidKey) throw new PushRefused(unblocked.refusal.message, true);
  const counts = await countBlockListEntries(deps.db, list.id);
  const at = deps.clock.now().toISOString();
  logs.push({
    blockListId: list.id,
    userId: list.userId,
    entity: list.listName,
    entityDetails: {
      action: 'run',
      reason,
      members: members.length,
      entries: entries.length,
      pushed: fresh.length - pushed.refused,
      refused: pushed.refused + newSkipped.length,
      removed: removed.length,
      ...(removeLeftMembers ? { removedFromPlatform: unblocked.removed } : {}),
      platformCalls: pushed.calls,
    },
    syncedAt: at,
    lastError: null,
    createdAt: at,
  });
  await setBlockListSyncState(deps.db, list.id, {
    status: BLOCK_LIST_STATUS.synced,
    lastError: null,
    countItemsSynced: counts.synced,
    countItemsNotSynced: counts.notSynced,
  });
  return {
    kind: 'synced',
    pushed: fresh.length - pushed.refused,
    refused: pushed.refused + newSkipped.length,
    removed: removed.length,
    calls: pushed.calls,
  };
}

/** Failures that retrying soon cannot fix: a refused key or request, a disconnected CRM, a list the CRM refuses to read. */
const isFinal = (error: unknown): boolean =>
  error instanceof PushRefused ||
  error instanceof CrmDisconnected ||
  (error instanceof ProviderError && !error.retryable);

/**
 * One sync of a block list: read the CRM list, turn the members into entries, push what the platform
 * does not have yet, report what left the list, and keep the list's status and counts true. A rate
 * limit (the platform's 429 or a pacing wait beyond `maxWaitMs`) is rethrown for the queue to run the job
 * again after it, using no attempt; a refused key marks the list FAILED and the key invalid (the
 * schedule skips it until the key is updated or re-checked); other failures mark it FAILED and are
 * rethrown for the queue's retries when they may pass (5xx, time-outs).
 */
export async function syncBlockList(
  deps: Deps,
  blockListId: number,
  reason: BlockListSyncReason,
  pacing: SyncPacing,
): Promise<SyncOutcome> {
  const list = await findBlockList(deps.db, blockListId);
  if (!list) return { kind: 'skipped', reason: 'gone' };
  if (!list.isEnabled) return { kind: 'skipped', reason: 'paused' };
  if (!list.ownerCanBlockList) return { kind: 'skipped', reason: 'pending-upgrade' };
  await setBlockListSyncState(deps.db, list.id, {
    status: BLOCK_LIST_STATUS.syncing,
    lastAttemptedAt: deps.clock.now().toISOString(),
  });
  const logs: NewBlockListLog[] = [];
  try {
    return await run(deps, list, reason, pacing, logs);
  } catch (error) {
    const message = errorMessage(error);
    const at = deps.clock.now().toISOString();
    const rateLimited = error instanceof ProviderError && error.kind === 'rate-limited';
    logs.push({
      blockListId: list.id,
      userId: list.userId,
      entity: list.listName,
      entityDetails: { action: 'run', reason, ...(rateLimited ? { waiting: true } : {}) },
      syncedAt: null,
      lastError: message,
      createdAt: at,
    });
    if (rateLimited) {
      await setBlockListSyncState(deps.db, list.id, { lastError: message });
      throw error;
    }
    if (error instanceof PushRefused && error.invalidKey)
      await setApiKeyValidity(deps.db, list.apiKey.id, false);
    const counts = await countBlockListEntries(deps.db, list.id);
    await setBlockListSyncState(deps.db, list.id, {
      status: BLOCK_LIST_STATUS.failed,
      lastError: message,
      countItemsSynced: counts.synced,
      countItemsNotSynced: counts.notSynced,
    });
    if (isFinal(error)) return { kind: 'failed', message };
    throw error;
  } finally {
    await insertBlockListLogs(deps.db, logs);
  }
}
