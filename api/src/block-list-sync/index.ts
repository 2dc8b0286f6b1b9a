// The block-list sync (issue "Block lists"): CRM list → entries → the platform's block list, on the job queue.
export {
  entriesOf,
  normalizeDomain,
  normalizeEmail,
  normalizeProfileUrl,
  type BlockEntry,
  type CrmMember,
  type EntryRules,
  type SkippedMember,
} from './entries.js';
export {
  PLATFORM_PUSH_LIMITS,
  platformPaceKey,
  type PlatformPushLimits,
} from './platform-limits.js';
export { entryFieldsOf, readCrmList, type SyncPacing } from './read-crm-list.js';
export {
  blockListOrderingKey,
  blockListSyncHandler,
  requestBlockListSync,
  scheduleDueBlockLists,
  syncNowKey,
  SYNC_PACING,
} from './schedule.js';
export { BLOCK_LIST_STATUS, shownStatus } from '../records/block-list-status.js';
export { syncBlockList, type SyncOutcome } from './sync-block-list.js';
