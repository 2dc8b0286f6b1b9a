import { useState } from 'react';
import { Heading, Stack } from '@chakra-ui/react';
import { useOperationMutation, useOperationQuery } from 'shared/client';
import type { UserAccount } from 'shared/contract';
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
import { EndpointForm } from './EndpointForm';
import { EndpointsTable } from './EndpointsTable';
import { deleteQuestion, endpointDeletedToast, withoutAccount } from './rules';

// the secret and how to verify with it: loaded when someone first opens it
const SigningSecretDialog = lazyWithRetry(
  () => import('./SigningSecretDialog').then((module) => module.SigningSecretDialog),
  {
    failed: ({ onOpenChange }) => (
      <DialogLoadFailed
        text="The signing secret could not be loaded"
        onClose={() => onOpenChange(false)}
      />
    ),
  },
);

/** /admin/dashboard/services: extra endpoints that webhooks forward campaign events to. */
export function ServicesScreen() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const accounts = useOperationQuery('listUserAccounts');
  const [deleting, setDeleting] = useState<UserAccount | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [secretOf, setSecretOf] = useState<UserAccount | null>(null);
  const remove = useOperationMutation('deleteUserAccount', {
    update: [
      { query: 'listUserAccounts', apply: (rows, deleted) => withoutAccount(rows, deleted.id) },
    ],
    invalidates: ['listUserIntegrations', 'listOrganizationIntegrations'],
    onSuccess: () => deleting && host.notify(endpointDeletedToast(deleting)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setConfirmOpen(false),
  });

  const list = (
    <QueryView
      query={accounts}
      loading="Loading webhook endpoints…"
      failed="The webhook endpoints could not be loaded"
      empty={<EmptyMessage title="No webhook endpoints yet" />}
    >
      {(rows) => (
        <EndpointsTable
          accounts={rows}
          onShowSecret={setSecretOf}
          onDelete={(account) => {
            setDeleting(account);
            setConfirmOpen(true);
          }}
        />
      )}
    </QueryView>
  );

  return (
    <Stack gap="6">
      <ScreenHeading title="Webhook endpoint" />
      <WithIntegrations>
        {(integrations) => <EndpointForm integrations={integrations} />}
      </WithIntegrations>
      <Stack gap="2" as="section" aria-label="Webhook endpoints">
        <Heading as="h2" size="lg">
          Webhook endpoints
        </Heading>
        {list}
      </Stack>
      {secretOf && (
        <SigningSecretDialog
          account={secretOf}
          open
          onOpenChange={(open) => open || setSecretOf(null)}
        />
      )}
      <ConfirmDialog
        open={confirmOpen && deleting !== null}
        onOpenChange={setConfirmOpen}
        question={deleting ? deleteQuestion(deleting) : ''}
        warning="Webhooks stop forwarding events to it. Anything already sent to the endpoint stays there."
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        pending={remove.isPending}
      />
    </Stack>
  );
}
