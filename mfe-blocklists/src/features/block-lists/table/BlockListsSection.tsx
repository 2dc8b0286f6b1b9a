import { useState } from 'react';
import { Heading, Stack } from '@chakra-ui/react';
import { useOperationMutation, useOperationQuery } from 'shared/client';
import type { BlockList } from 'shared/contract';
import { ConfirmDialog, EmptyMessage, QueryView, useHost, useNotifyFailure } from 'shared/ui';
import { BlockListsTable, type BlockListRowActions } from './BlockListsTable';
import {
  blockListTexts,
  deletedToast,
  deleteQuestion,
  deleteWarning,
  pausedToast,
  refreshWhileSyncing,
  resumedToast,
  syncStartedToast,
  withoutBlockList,
  withUpdatedBlockList,
} from './rules';

/** spec §2 "Blocked List": the table (asked again while a sync runs), Sync now, pause and resume, and delete after a confirmation. */
export function BlockListsSection() {
  const { notify } = useHost();
  const notifyFailure = useNotifyFailure();
  const lists = useOperationQuery('listBlockLists', undefined, {
    refetchInterval: (query) => refreshWhileSyncing(query.state.data),
  });
  const [deleting, setDeleting] = useState<BlockList | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [syncingId, setSyncingId] = useState<number | null>(null);

  const setEnabled = useOperationMutation('updateBlockList', {
    update: [{ query: 'listBlockLists', apply: withUpdatedBlockList }],
    onSuccess: (updated) =>
      notify(updated.isEnabled ? resumedToast(updated) : pausedToast(updated)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setPendingId(null),
  });
  const syncNow = useOperationMutation('syncBlockList', {
    update: [{ query: 'listBlockLists', apply: withUpdatedBlockList }],
    onSuccess: (list) => notify(syncStartedToast(list)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setSyncingId(null),
  });
  const remove = useOperationMutation('deleteBlockList', {
    update: [
      { query: 'listBlockLists', apply: (cached, deleted) => withoutBlockList(cached, deleted.id) },
    ],
    onSuccess: (deleted) => notify(deletedToast(deleted)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setConfirmOpen(false),
  });
  const enable = (list: BlockList, isEnabled: boolean) => {
    setPendingId(list.id);
    setEnabled.mutate({ params: { id: list.id }, body: { isEnabled } });
  };
  const actions: BlockListRowActions = {
    onSyncNow: (list) => {
      setSyncingId(list.id);
      syncNow.mutate({ params: { id: list.id } });
    },
    onPause: (list) => enable(list, false),
    onResume: (list) => enable(list, true),
    onDelete: (list) => {
      setDeleting(list);
      setConfirmOpen(true);
    },
    pendingId,
    syncingId,
  };

  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {blockListTexts.table}
      </Heading>
      <QueryView
        query={lists}
        loading="Loading block lists…"
        failed="The block lists could not be loaded"
        empty={<EmptyMessage title={blockListTexts.empty}>{blockListTexts.emptyHint}</EmptyMessage>}
      >
        {(data) => <BlockListsTable lists={data} actions={actions} />}
      </QueryView>
      <ConfirmDialog
        open={confirmOpen && deleting !== null}
        onOpenChange={setConfirmOpen}
        question={deleting ? deleteQuestion(deleting) : ''}
        warning={deleting ? deleteWarning(deleting) : undefined}
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        pending={remove.isPending}
      />
    </Stack>
  );
}
