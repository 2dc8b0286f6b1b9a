import { useState } from 'react';
import { Heading, Stack } from '@chakra-ui/react';
import { errorMessage } from 'shared/client';
import type { ApiKey } from 'shared/contract';
import { platformLabel } from 'shared/rules';
import { ConfirmDialog, EmptyMessage, LoadError, LoadingState, ScreenHeading, useHost } from 'shared/ui';
import { useUserIntegrations } from '../../api/get-user-integrations';
import { useNotifyFailure } from '../../lib/errors';
import { useDeleteApiKey } from './api/delete-api-key';
import { useApiKeys } from './api/get-api-keys';
import { useValidateApiKey } from './api/validate-api-key';
import { ApiKeysTable, type ApiKeyRowActions } from './ApiKeysTable';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { EditApiKeyDialog } from './EditApiKeyDialog';
import { LeadCategoriesDialog } from './LeadCategoriesDialog';
import { apiKeyTexts, deleteQuestion, validationResultToast } from './rules';

type OpenDialog = { kind: 'edit' | 'categories' | 'delete'; key: ApiKey } | null;

/** The create form, or why there is none. */
function CreateSection() {
  const integrations = useUserIntegrations();
  if (integrations.isPending) return <LoadingState label="Loading profiles…" />;
  if (integrations.isError)
    return (
      <LoadError
        title="The profiles could not be loaded"
        message={errorMessage(integrations.error)}
        onRetry={() => void integrations.refetch()}
        retrying={integrations.isFetching}
      />
    );
  if (integrations.data.length === 0) return <EmptyMessage title={apiKeyTexts.noIntegrations}>Connect a HubSpot or Salesforce account first.</EmptyMessage>;
  return <CreateApiKeyForm integrations={integrations.data} />;
}

function TableSection({ title, keys, empty, actions }: { title: string; keys: ApiKey[]; empty: string; actions: ApiKeyRowActions }) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {keys.length === 0 ? <EmptyMessage title={empty} /> : <ApiKeysTable title={title} keys={keys} actions={actions} />}
    </Stack>
  );
}

/** /admin/dashboard/api-keys: the platforms' keys, checked with each platform. */
export function ApiKeysScreen() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const lists = useApiKeys();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const open = (kind: 'edit' | 'categories' | 'delete', key: ApiKey) => {
    setDialog({ kind, key });
    setDialogOpen(true);
  };
  const onOpenChange = (next: boolean) => setDialogOpen(next);

  const validate = useValidateApiKey({
    mutationConfig: {
      onSuccess: (validation) => host.notify(validationResultToast(validation)),
      onError: (error) => notifyFailure(error, { fallback: apiKeyTexts.unknownError }),
    },
  });
  // The confirmation closes once the delete is done, whichever way it went (a failure says why).
  const remove = useDeleteApiKey({
    mutationConfig: {
      onError: (error) => notifyFailure(error),
      onSettled: () => setDialogOpen(false),
    },
  });

  const actions: ApiKeyRowActions = {
    onCheck: (key) => validate.mutate(key.id),
    onEdit: (key) => open('edit', key),
    onViewCategories: (key) => open('categories', key),
    onDelete: (key) => open('delete', key),
    checkingId: validate.isPending ? (validate.variables ?? null) : null,
  };

  let tables;
  if (lists.isPending) tables = <LoadingState label="Loading API keys…" />;
  else if (lists.isError)
    tables = <LoadError title="The API keys could not be loaded" message={errorMessage(lists.error)} onRetry={() => void lists.refetch()} retrying={lists.isFetching} />;
  else
    tables = (
      <>
        <TableSection title="API Keys" keys={lists.data.apiKeys} empty="No API keys yet" actions={actions} />
        {host.user.isManagerOrAdmin && <TableSection title="All API Keys" keys={lists.data.allApiKeys} empty="No API keys" actions={actions} />}
      </>
    );

  const deleting = dialog?.kind === 'delete' ? dialog.key : null;
  return (
    <Stack gap="6">
      <ScreenHeading title="API keys" />
      <CreateSection />
      {tables}
      <EditApiKeyDialog apiKey={dialog?.kind === 'edit' ? dialog.key : null} open={dialogOpen} onOpenChange={onOpenChange} />
      <LeadCategoriesDialog apiKey={dialog?.kind === 'categories' ? dialog.key : null} open={dialogOpen} onOpenChange={onOpenChange} />
      <ConfirmDialog
        open={dialogOpen && deleting !== null}
        onOpenChange={onOpenChange}
        question={deleting ? deleteQuestion(deleting) : ''}
        warning={
          deleting &&
          `Webhooks and block lists that use this ${platformLabel(deleting.platform)} key stop working. The key itself stays active in ${platformLabel(deleting.platform)}: revoke it there if it is no longer needed.`
        }
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
      />
    </Stack>
  );
}
