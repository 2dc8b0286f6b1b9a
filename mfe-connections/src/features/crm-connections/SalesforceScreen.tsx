import { useEffect, useRef, useState } from 'react';
import { Alert, Heading, Stack } from '@chakra-ui/react';
import { useOperationMutation, useOperationQuery } from 'shared/client';
import type { SalesforceSettings } from 'shared/contract';
import {
  ConfirmDialog,
  EmptyMessage,
  QueryView,
  ScreenHeading,
  useHost,
  useNotifyFailure,
} from 'shared/ui';
import { assignLocation } from '../../lib/browser-location';
import { rememberPendingConnect } from './pending-connect';
import {
  deleteSettingsQuestion,
  readAgainAfterProfileDelete,
  salesforceAccountName,
  settingsDeletedToast,
  withoutSettings,
} from './rules';
import { SalesforceSettingsForm } from './SalesforceSettingsForm';
import { SalesforceSettingsTable } from './SalesforceSettingsTable';
import { SignInErrorAlert } from './SignInErrorAlert';
import { useConnectedNotice } from './use-connected-notice';

/** The Salesforce connected-account check: a profile Salesforce no longer accepts is named here. */
function ConnectedAccountWarning() {
  // a POST (it renews tokens): run once on each entry to the screen
  const check = useOperationMutation('checkSalesforceConnectedAccount');
  const { mutate } = check;
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    mutate(undefined);
  }, [mutate]);
  if (!check.data?.message) return null;
  return (
    <Alert.Root status="warning" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Salesforce account disconnected</Alert.Title>
        <Alert.Description>{check.data.message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** /admin/dashboard/salesforce: settings of Salesforce connected apps, and Connect with them. */
export function SalesforceScreen() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  // Read afresh on entry: users come back here from Salesforce's sign-in.
  const settings = useOperationQuery('listSalesforceSettings', undefined, { staleTime: 0 });
  useConnectedNotice('SALESFORCE', ({ settingsId }) => {
    if (!settings.data) return undefined;
    const connected = settings.data.find((row) => row.id === settingsId && row.connected);
    return connected ? salesforceAccountName(connected) : null;
  });
  const [deleting, setDeleting] = useState<SalesforceSettings | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Connect fetches the settings' authorize URL first, then sends the browser to Salesforce.
  const connect = useOperationMutation('getSalesforceSettings', {
    onSuccess: (start) => {
      rememberPendingConnect({ crm: 'SALESFORCE', settingsId: start.id });
      assignLocation(start.authorizeUrl);
    },
    onError: (error) => notifyFailure(error),
  });
  const remove = useOperationMutation('deleteSalesforceSettings', {
    update: [
      {
        query: 'listSalesforceSettings',
        apply: (rows, deleted) => withoutSettings(rows, deleted.id),
      },
    ],
    invalidates: readAgainAfterProfileDelete,
    onSuccess: () => deleting && host.notify(settingsDeletedToast(deleting)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setConfirmOpen(false),
  });
  const connectingId =
    connect.isPending || connect.isSuccess ? Number(connect.variables?.params.id) : null;

  const table = (
    <QueryView
      query={settings}
      loading="Loading Salesforce settings…"
      failed="The Salesforce settings could not be loaded"
      empty={
        <EmptyMessage title="No Salesforce settings yet">
          Add the settings of your org above, then Connect.
        </EmptyMessage>
      }
    >
      {(rows) => (
        <SalesforceSettingsTable
          settings={rows}
          connectingId={connectingId}
          onConnect={(row) => connect.mutate({ params: { id: row.id } })}
          onDelete={(row) => {
            setDeleting(row);
            setConfirmOpen(true);
          }}
        />
      )}
    </QueryView>
  );

  return (
    <Stack gap="6">
      <ScreenHeading title="Salesforce" />
      <SignInErrorAlert title="The Salesforce account was not connected" provider="salesforce" />
      <ConnectedAccountWarning />
      <SalesforceSettingsForm />
      <Stack gap="2" as="section" aria-label="Saved settings">
        <Heading as="h2" size="lg">
          Saved settings
        </Heading>
        {table}
      </Stack>
      <ConfirmDialog
        open={confirmOpen && deleting !== null}
        onOpenChange={setConfirmOpen}
        question={deleting ? deleteSettingsQuestion(deleting) : ''}
        warning="A profile connected with them keeps working until Salesforce ends its session; to reconnect it you need settings again. The connected app stays in Salesforce: remove it there if it is no longer needed."
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        pending={remove.isPending}
      />
    </Stack>
  );
}
