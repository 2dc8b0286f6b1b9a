import { useState } from 'react';
import { Heading, Stack } from '@chakra-ui/react';
import { errorMessage } from 'shared/client';
import type { UserAccount } from 'shared/contract';
import { ConfirmDialog, EmptyMessage, LoadError, LoadingState, ScreenHeading } from 'shared/ui';
import { useUserIntegrations } from '../../api/get-user-integrations';
import { useNotifyFailure } from '../../lib/errors';
import { useDeleteUserAccount } from './api/delete-user-account';
import { useUserAccounts } from './api/get-user-accounts';
import { EndpointForm } from './EndpointForm';
import { EndpointsTable } from './EndpointsTable';
import { deleteQuestion } from './rules';

const NO_INTEGRATIONS = "You don't have any integrations!";

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
  if (integrations.data.length === 0) return <EmptyMessage title={NO_INTEGRATIONS}>Connect a HubSpot or Salesforce account first.</EmptyMessage>;
  return <EndpointForm integrations={integrations.data} />;
}

/** /admin/dashboard/services: extra endpoints that webhooks forward campaign events to. */
export function ServicesScreen() {
  const notifyFailure = useNotifyFailure();
  const accounts = useUserAccounts();
  const [deleting, setDeleting] = useState<UserAccount | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remove = useDeleteUserAccount({
    mutationConfig: {
      onError: (error) => notifyFailure(error),
      onSettled: () => setConfirmOpen(false),
    },
  });

  let list;
  if (accounts.isPending) list = <LoadingState label="Loading webhook endpoints…" />;
  else if (accounts.isError)
    list = <LoadError title="The webhook endpoints could not be loaded" message={errorMessage(accounts.error)} onRetry={() => void accounts.refetch()} retrying={accounts.isFetching} />;
  else if (accounts.data.length === 0) list = <EmptyMessage title="No webhook endpoints yet" />;
  else
    list = (
      <EndpointsTable
        accounts={accounts.data}
        onDelete={(account) => {
          setDeleting(account);
          setConfirmOpen(true);
        }}
      />
    );

  return (
    <Stack gap="6">
      <ScreenHeading title="Webhook endpoint" />
      <CreateSection />
      <Stack gap="2" as="section" aria-label="Webhook endpoints">
        <Heading as="h2" size="lg">
          Webhook endpoints
        </Heading>
        {list}
      </Stack>
      <ConfirmDialog
        open={confirmOpen && deleting !== null}
        onOpenChange={setConfirmOpen}
        question={deleting ? deleteQuestion(deleting) : ''}
        warning="Webhooks stop forwarding events to it. Anything already sent to the endpoint stays there."
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
      />
    </Stack>
  );
}
