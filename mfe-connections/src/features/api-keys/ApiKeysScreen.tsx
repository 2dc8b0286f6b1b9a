import { useState } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useOperationMutation, useOperationQuery } from 'shared/client';
import type { ApiKey } from 'shared/contract';
import { commonTexts, platformLabel, successToast } from 'shared/rules';
import {
  ConfirmDialog,
  DialogLoadFailed,
  EmptyMessage,
  lazyWithRetry,
  QueryView,
  ScreenHeading,
  useHost,
  useNotifyFailure,
  WithIntegrations,
} from 'shared/ui';
import { ApiKeysTable, type ApiKeyRowActions } from './ApiKeysTable';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import {
  apiKeyTexts,
  deleteQuestion,
  hasReadOnlyKeys,
  validationResultToast,
  withoutKey,
  withValidation,
} from './rules';

// The edit and lead categories dialogs are downloaded the first time a person opens one, not with the screen.
const dialogStates = (text: string) => ({
  failed: ({ onOpenChange }: { onOpenChange: (open: boolean) => void }) => (
    <DialogLoadFailed text={text} onClose={() => onOpenChange(false)} />
  ),
});
const EditApiKeyDialog = lazyWithRetry(
  () => import('./EditApiKeyDialog').then((module) => module.EditApiKeyDialog),
  dialogStates('The API key editor could not be loaded'),
);
const LeadCategoriesDialog = lazyWithRetry(
  () => import('./LeadCategoriesDialog').then((module) => module.LeadCategoriesDialog),
  dialogStates('The lead categories could not be loaded'),
);

type OpenDialog = { kind: 'edit' | 'categories' | 'delete'; key: ApiKey } | null;

function TableSection({
  title,
  keys,
  empty,
  actions,
}: {
  title: string;
  keys: ApiKey[];
  empty: string;
  actions: ApiKeyRowActions;
}) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {hasReadOnlyKeys(keys) && (
        <Text color="fg.muted" fontSize="sm">
          Keys of other users offer View lead categories only: their owner or an admin can check,
          edit or delete them.
        </Text>
      )}
      {keys.length === 0 ? (
        <EmptyMessage title={empty} />
      ) : (
        <ApiKeysTable title={title} keys={keys} actions={actions} />
      )}
    </Stack>
  );
}

/** /admin/dashboard/api-keys: the platforms' keys, checked with each platform. */
export function ApiKeysScreen() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const lists = useOperationQuery('listApiKeys');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const open = (kind: 'edit' | 'categories' | 'delete', key: ApiKey) => {
    setDialog({ kind, key });
    setDialogOpen(true);
  };
  const [checkingId, setCheckingId] = useState<number | null>(null);
  const validate = useOperationMutation('validateApiKey', {
    update: [{ query: 'listApiKeys', apply: withValidation }],
    onSuccess: (validation) => host.notify(validationResultToast(validation)),
    onError: (error) => notifyFailure(error, { fallback: commonTexts.unknownError }),
    onSettled: () => setCheckingId(null),
  });
  // The confirmation closes once the delete is done, whichever way it went (a failure says why).
  const remove = useOperationMutation('deleteApiKey', {
    update: [{ query: 'listApiKeys', apply: (keys, deleted) => withoutKey(keys, deleted.id) }],
    onSuccess: () => host.notify(successToast(apiKeyTexts.deleted)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setDialogOpen(false),
  });
  const actions: ApiKeyRowActions = {
    onCheck: (key) => {
      setCheckingId(key.id);
      validate.mutate({ params: { id: key.id } });
    },
    onEdit: (key) => open('edit', key),
    onViewCategories: (key) => open('categories', key),
    onDelete: (key) => open('delete', key),
    checkingId,
  };
  const deleting = dialog?.kind === 'delete' ? dialog.key : null;

  return (
    <Stack gap="6">
      <ScreenHeading title="API keys" />
      <WithIntegrations>
        {(integrations) => <CreateApiKeyForm integrations={integrations} />}
      </WithIntegrations>
      <QueryView
        query={lists}
        loading="Loading API keys…"
        failed="The API keys could not be loaded"
      >
        {(data) => (
          <>
            <TableSection
              title="API Keys"
              keys={data.apiKeys}
              empty="No API keys yet"
              actions={actions}
            />
            {host.user.isManagerOrAdmin && (
              <TableSection
                title="All API Keys"
                keys={data.allApiKeys}
                empty="No API keys"
                actions={actions}
              />
            )}
          </>
        )}
      </QueryView>
      {dialog?.kind === 'edit' && (
        <EditApiKeyDialog apiKey={dialog.key} open={dialogOpen} onOpenChange={setDialogOpen} />
      )}
      {dialog?.kind === 'categories' && (
        <LeadCategoriesDialog apiKey={dialog.key} open={dialogOpen} onOpenChange={setDialogOpen} />
      )}
      <ConfirmDialog
        open={dialogOpen && deleting !== null}
        onOpenChange={setDialogOpen}
        question={deleting ? deleteQuestion(deleting) : ''}
        warning={
          deleting &&
          `Webhooks and block lists that use this ${platformLabel(deleting.platform)} key stop working. The key itself stays active in ${platformLabel(deleting.platform)}: revoke it there if it is no longer needed.`
        }
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        pending={remove.isPending}
      />
    </Stack>
  );
}
