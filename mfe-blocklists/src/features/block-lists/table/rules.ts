import type { BlockList, BlockListType, BlockType } from 'shared/contract';
import { platformLabel, successToast, type ToastMessage } from 'shared/rules';

export const blockListTexts = {
  heading: 'Block lists',
  table: 'Blocked List',
  empty: 'No block lists yet',
  emptyHint:
    "Choose an account above and create one: its CRM list is pushed into the platform's block list.",
} as const;

/**
 * spec §4 "Block list" statuses as the server shows them: PAUSED_PENDING_UPGRADE when the profile's owner
 * lacks canBlockList, PAUSED when disabled, else the sync's PENDING, SYNCING, SYNCED or FAILED.
 */
export const PAUSED_PENDING_UPGRADE = 'PAUSED_PENDING_UPGRADE';
export const PAUSED = 'PAUSED';
const running = new Set(['PENDING', 'SYNCING']);

/** While a sync waits or runs the table asks again this often, so a person sees it finish. */
export const SYNC_POLL_MS = 3000;
export const isSyncRunning = (list: Pick<BlockList, 'status'>): boolean => running.has(list.status);
export const refreshWhileSyncing = (lists: readonly BlockList[] | undefined): number | false =>
  lists?.some(isSyncRunning) ? SYNC_POLL_MS : false;

/** "Sync now": the owner's (or an admin's) way not to wait for the schedule; not for paused lists, which the server refuses. */
export const canSyncNow = (list: Pick<BlockList, 'canManage' | 'status'>): boolean =>
  list.canManage && list.status !== PAUSED && list.status !== PAUSED_PENDING_UPGRADE;

/** Why a block list shows no Sync now, pause, resume or delete (spec §6; issue 56: every action a role cannot take says why). */
export const cannotManageNote = 'Only the owner of its profile or an admin can change it.';

/** spec §9: error columns show at most 55 characters (the whole text on hover). */
export const ERROR_COLUMN_LENGTH = 55;
export const truncateError = (text: string): string =>
  text.length > ERROR_COLUMN_LENGTH ? `${text.slice(0, ERROR_COLUMN_LENGTH)}…` : text;

/** The CRM list's id: HubSpot's listId or Salesforce's list identifier. */
export const crmListId = (list: Pick<BlockList, 'listId' | 'listIdILS'>): string =>
  list.listId ?? list.listIdILS ?? '';

const blockTypeLabels: Record<BlockType, string> = {
  ADDRESS: 'Individual address',
  DOMAIN: 'Every domain',
};
const listTypeLabels: Record<BlockListType, string> = {
  CONTACT_LIST: 'Contact list',
  COMPANY_LIST: 'Company list (every domain)',
};

/** spec §3 enumerations: email exclusion (ADDRESS individual address, DOMAIN every domain), social exclusion (ADDRESS individual profile). */
export const blockTypeLabel = (blockType: BlockType, social = false): string =>
  social && blockType === 'ADDRESS' ? 'Individual profile' : blockTypeLabels[blockType];
export const listTypeLabel = (listType: BlockListType): string => listTypeLabels[listType];

/** spec §8 success toasts. */
export const startedBlockingToast = (
  list: Pick<BlockList, 'listId' | 'listIdILS' | 'listName'>,
): ToastMessage => successToast(`Started blocking ${crmListId(list)} ${list.listName}`);
export const pausedToast = (list: Pick<BlockList, 'listName'>): ToastMessage =>
  successToast(`Paused blocking ${list.listName}`);
export const resumedToast = (list: Pick<BlockList, 'listName'>): ToastMessage =>
  successToast(`Resumed blocking ${list.listName}`);
export const deletedToast = (list: Pick<BlockList, 'listName'>): ToastMessage =>
  successToast(`Deleted ${list.listName}`);
export const syncStartedToast = (list: Pick<BlockList, 'listName'>): ToastMessage =>
  successToast(`Syncing ${list.listName} now`);

/** spec §8 "Delete confirmations": the question, and what stays in the platform. */
export const deleteQuestion = (list: Pick<BlockList, 'listName'>): string =>
  `Do you want to delete ${list.listName}?`;
export function deleteWarning(list: Pick<BlockList, 'apiKey'>): string {
  const platform = platformLabel(list.apiKey.platform);
  return list.apiKey.platform === 'heyreach'
    ? `The leads already added stay in their ${platform} list: remove them there if they should be contacted again.`
    : `What was already pushed stays in ${platform}'s block list: remove it there if it should be contacted again.`;
}

/** The list after a create (newest first), an update (replaced) or a delete (removed). */
export const withCreatedBlockList = (lists: BlockList[], created: BlockList): BlockList[] => [
  created,
  ...lists.filter((list) => list.id !== created.id),
];
export const withUpdatedBlockList = (lists: BlockList[], updated: BlockList): BlockList[] =>
  lists.map((list) => (list.id === updated.id ? updated : list));
export const withoutBlockList = (lists: BlockList[], id: number): BlockList[] =>
  lists.filter((list) => list.id !== id);
