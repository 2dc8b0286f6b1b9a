import type { BlockListLog } from 'shared/contract';
import { formatDateTime, platformLabel, toPlatform } from 'shared/rules';
import { blockListLogAction } from 'shared/rules/logs';

// the details the sync engine records on a history row (api block-list-sync), read field by field (a zod
// schema would bring zod's parser into the history routes' first load)
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

const runLabels: Record<string, string> = {
  created: 'First sync',
  schedule: 'Scheduled sync',
  'sync-now': 'Sync now',
  resumed: 'Sync after resume',
};

/** What a block-list history row is about (an address, domain or profile URL, or a run of the sync) and what happened to it. */
export interface BlockListLogEntry {
  entity: string;
  what: string;
}

/**
 * A block-list history row as the Synced column shows it: the entry and what the sync did with it (pushed,
 * already there, refused, left the CRM list, removed), or for a whole run its counts. A row without
 * details (or of an action this screen does not know) shows when it was synced.
 */
export function blockListLogEntry(
  log: Pick<BlockListLog, 'entity' | 'entityDetails' | 'syncedAt' | 'lastError'>,
): BlockListLogEntry {
  const details = log.entityDetails;
  const known = toPlatform(text(details.platform) ?? '');
  const platform = known ? platformLabel(known) : 'the platform';
  const entry = (what: string): BlockListLogEntry => ({ entity: log.entity, what });
  switch (blockListLogAction(details)) {
    case 'run':
      return {
        entity: runLabels[text(details.reason) ?? ''] ?? 'Sync',
        what: runOutcome(details, log.lastError !== null),
      };
    case 'pushed':
      return entry(
        details.alreadyInPlatform === true
          ? `Already in ${platform}'s block list`
          : `Pushed to ${platform}`,
      );
    case 'refused':
      return entry(`Refused by ${platform}`);
    case 'removed-from-platform':
      return entry(
        log.lastError === null
          ? `Removed from ${platform}'s block list`
          : `Not removed from ${platform}`,
      );
    case 'removed-from-crm-list':
      return entry(text(details.note) ?? 'Left the CRM list');
    case 'not-synced':
      return entry('Not synced');
    default:
      return entry(log.syncedAt ? formatDateTime(log.syncedAt) : 'Not synced');
  }
}

function runOutcome(details: BlockListLog['entityDetails'], failed: boolean): string {
  if (details.waiting === true)
    return "Waiting for the platform's rate limit: it runs again after it";
  if (failed) return 'Stopped (see the error)';
  const removedThere =
    typeof details.removedFromPlatform === 'number'
      ? `, ${details.removedFromPlatform} removed from the platform`
      : '';
  return `${count(details.members)} in the CRM list: ${count(details.pushed)} pushed, ${count(details.refused)} not synced, ${count(details.removed)} left the list${removedThere}`;
}
