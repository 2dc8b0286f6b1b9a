import { useState } from 'react';
import { Alert, Heading, Stack } from '@chakra-ui/react';
import { errorMessage } from 'shared/client';
import type { SalesforceSettings } from 'shared/contract';
import { ConfirmDialog, EmptyMessage, LoadError, LoadingState, ScreenHeading } from 'shared/ui';
import { assignLocation } from '../../lib/browser-location';
import { useNotifyFailure } from '../../lib/errors';
import { useSalesforceConnectedAccountCheck } from './api/check-salesforce-connected-account';
import { useConnectSalesforce } from './api/connect-salesforce';
import { useDeleteSalesforceSettings } from './api/delete-salesforce-settings';
import { useSalesforceSettings } from './api/get-salesforce-settings';
import { deleteSettingsQuestion } from './rules';
import { SalesforceSettingsForm } from './SalesforceSettingsForm';
import { SalesforceSettingsTable } from './SalesforceSettingsTable';
import { SignInErrorAlert } from './SignInErrorAlert';

/** The Salesforce connected-account check: a profile Salesforce no longer accepts is named here. */
function ConnectedAccountWarning() {
  const check = useSalesforceConnectedAccountCheck();
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
  const notifyFailure = useNotifyFailure();
  const settings = useSalesforceSettings();
  const [deleting, setDeleting] = useState<SalesforceSettings | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Connect fetches the settings' authorize URL first, then sends the browser to Salesforce.
  const connect = useConnectSalesforce({ mutationConfig: { onSuccess: (start) => assignLocation(start.authorizeUrl), onError: (error) => notifyFailure(error) } });
  const remove = useDeleteSalesforceSettings({ mutationConfig: { onError: (error) => notifyFailure(error), onSettled: () => setConfirmOpen(false) } });

  let table;
  if (settings.isPending) table = <LoadingState label="Loading Salesforce settings…" />;
  else if (settings.isError)
    table = <LoadError title="The Salesforce settings could not be loaded" message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />;
  else if (settings.data.length === 0) table = <EmptyMessage title="No Salesforce settings yet">Add the settings of your org above, then Connect.</EmptyMessage>;
  else
    table = (
      <SalesforceSettingsTable
        settings={settings.data}
        connectingId={connect.isPending || connect.isSuccess ? (connect.variables ?? null) : null}
        onConnect={(row) => connect.mutate(row.id)}
        onDelete={(row) => {
          setDeleting(row);
          setConfirmOpen(true);
        }}
      />
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
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
      />
    </Stack>
  );
}
