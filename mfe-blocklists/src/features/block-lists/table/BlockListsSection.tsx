import { useState } from 'react';
import { Heading, Stack } from '@chakra-ui/react';
import { useOperationMutation, useOperationQuery } from 'shared/client';
import type { BlockList } from 'shared/contract';
import { ConfirmDialog, EmptyMessage, QueryView, useHost, useNotifyFailure } from 'shared/ui';
import { BlockListsTable, type BlockListRowActions } from './BlockListsTable';
import { blockListTexts, deletedToast, deleteQuestion, deleteWarning, ownerFlagsByProfile, pausedToast, resumedToast, withoutBlockList, withUpdatedBlockList } from './rules';

const noFlags: ReadonlyMap<number, boolean> = new Map();

/** spec §2 "Blocked List": the table, pause and resume, and delete after a confirmation. */
export function BlockListsSection() {
  const { notify } = useHost();
  const notifyFailure = useNotifyFailure();
  const lists = useOperationQuery('listBlockLists');
  // the profiles' owners' canBlockList (spec §4 PAUSED_PENDING_UPGRADE); unknown while (or if not) loaded
  const profiles = useOperationQuery('listOrganizationIntegrations');
  const ownerFlags = profiles.data ? ownerFlagsByProfile(profiles.data) : noFlags;
  const [deleting, setDeleting] = useState<BlockList | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [pendingId, setPendingId] = useState<number | null>(null);

  const setEnabled = useOperationMutation('updateBlockList', {
    update: [{ query: 'listBlockLists', apply: withUpdatedBlockList }],
    onSuccess: (updated) => notify(updated.isEnabled ? resumedToast(updated) : pausedToast(updated)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setPendingId(null),
  });
  const remove = useOperationMutation('deleteBlockList', {
    update: [{ query: 'listBlockLists', apply: (cached, deleted) => withoutBlockList(cached, deleted.id) }],
    onSuccess: (deleted) => notify(deletedToast(deleted)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setConfirmOpen(false),
  });
  const enable = (list: BlockList, isEnabled: boolean) => {
    setPendingId(list.id);
    setEnabled.mutate({ params: { id: list.id }, body: { isEnabled } });
  };
  const actions: BlockListRowActions = {
    onPause: (list) => enable(list, false),
    onResume: (list) => enable(list, true),
    onDelete: (list) => {
      setDeleting(list);
      setConfirmOpen(true);
    },
    pendingId,
  };

  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {blockListTexts.table}
      </Heading>
      <QueryView query={lists} loading="Loading block lists…" failed="The block lists could not be loaded" empty={<EmptyMessage title={blockListTexts.empty}>{blockListTexts.emptyHint}</EmptyMessage>}>
        {(data) => <BlockListsTable lists={data} ownerFlags={ownerFlags} actions={actions} />}
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
