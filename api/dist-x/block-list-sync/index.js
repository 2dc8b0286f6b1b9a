// The block-list sync (issue "Block lists"): CRM list → entries → the platform's block list, on the job queue.
export { entriesOf, normalizeDomain, normalizeEmail, normalizeProfileUrl } from './entries.js';
export { PLATFORM_PUSH_LIMITS, platformPaceKey } from './platform-limits.js';
export { entryFieldsOf, readCrmList } from './read-crm-list.js';
export { blockListOrderingKey, blockListSyncHandler, requestBlockListSync, scheduleDueBlockLists, syncNowKey, SYNC_PACING } from './schedule.js';
export { BLOCK_LIST_STATUS, shownStatus } from './status.js';
export { syncBlockList } from './sync-block-list.js';
//# sourceMappingURL=index.js.map