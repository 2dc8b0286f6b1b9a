import { useEffect, useRef, useState } from 'react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from 'shared/client';
import type { CrmProfile } from 'shared/contract';
import { successToast } from 'shared/rules';
import { ConfirmDialog, EmptyMessage, LoadError, LoadingState, ScreenHeading, useHost } from 'shared/ui';
import { assignLocation } from '../../lib/browser-location';
import { useNotifyFailure } from '../../lib/errors';
import { useHubspotConnectedAccountCheck } from './api/check-hubspot-connected-account';
import { useDeleteHubspotProfile } from './api/delete-hubspot-profile';
import { useHubspotAuthorizeUrl } from './api/get-hubspot-authorize-url';
import { useHubspotProfiles } from './api/get-hubspot-profiles';
import { HubspotProfilesTable } from './HubspotProfilesTable';
import { ACCOUNT_DELETED, connectedAccountToast, deleteProfileQuestion } from './rules';
import { SignInErrorAlert } from './SignInErrorAlert';

/** spec §2: on entry the connected-account check runs; a title and message stay as a persistent error. */
function useConnectedAccountCheck() {
  const host = useHost();
  const check = useHubspotConnectedAccountCheck();
  const shownFor = useRef(0);
  useEffect(() => {
    if (!check.data || shownFor.current === check.dataUpdatedAt) return;
    shownFor.current = check.dataUpdatedAt;
    const toast = connectedAccountToast(check.data);
    if (toast) host.notify(toast);
  }, [check.data, check.dataUpdatedAt, host]);
}

/** "Sign in with HubSpot": to HubSpot's authorize page, which sends the user back through /oauth. */
function SignInButton() {
  const notifyFailure = useNotifyFailure();
  const signIn = useHubspotAuthorizeUrl({
    mutationConfig: {
      onSuccess: (url) => assignLocation(url),
      onError: (error) => notifyFailure(error),
    },
  });
  return (
    <Button alignSelf="flex-start" colorPalette="orange" onClick={() => signIn.mutate()} loading={signIn.isPending || signIn.isSuccess} loadingText="Sign in with HubSpot" spinnerPlacement="start">
      Sign in with HubSpot
    </Button>
  );
}

function ProfilesSection({ title, profiles, empty, onDelete }: { title: string; profiles: CrmProfile[]; empty: string; onDelete: (profile: CrmProfile) => void }) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {profiles.length === 0 ? <EmptyMessage title={empty} /> : <HubspotProfilesTable title={title} profiles={profiles} onDelete={onDelete} />}
    </Stack>
  );
}

/** /admin/dashboard/hubspot: connect HubSpot accounts and see the organization's. */
export function HubspotScreen() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  useConnectedAccountCheck();
  const profiles = useHubspotProfiles();
  const [deleting, setDeleting] = useState<CrmProfile | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remove = useDeleteHubspotProfile({
    mutationConfig: {
      onSuccess: () => host.notify(successToast(ACCOUNT_DELETED)),
      onError: (error) => notifyFailure(error),
      onSettled: () => setConfirmOpen(false),
    },
  });
  const askDelete = (profile: CrmProfile) => {
    setDeleting(profile);
    setConfirmOpen(true);
  };

  let tables;
  if (profiles.isPending) tables = <LoadingState label="Loading HubSpot accounts…" />;
  else if (profiles.isError)
    tables = <LoadError title="The HubSpot accounts could not be loaded" message={errorMessage(profiles.error)} onRetry={() => void profiles.refetch()} retrying={profiles.isFetching} />;
  else
    tables = (
      <>
        <ProfilesSection title="Connected profiles" profiles={profiles.data.auth0Profiles} empty="No HubSpot account connected yet" onDelete={askDelete} />
        {profiles.data.organizationProfiles.length > 0 && (
          <ProfilesSection title="Organization profiles" profiles={profiles.data.organizationProfiles} empty="No other HubSpot accounts" onDelete={askDelete} />
        )}
      </>
    );

  return (
    <Stack gap="6">
      <ScreenHeading title="HubSpot" />
      <SignInErrorAlert title="The HubSpot account was not connected" provider="hubspot" />
      <Stack gap="2">
        <Text color="fg.muted">Connect a HubSpot account: HubSpot asks you to allow access to contacts, companies, owners and the timeline.</Text>
        <SignInButton />
      </Stack>
      {tables}
      <ConfirmDialog
        open={confirmOpen && deleting !== null}
        onOpenChange={setConfirmOpen}
        question={deleting ? deleteProfileQuestion(deleting) : ''}
        warning="Its API keys, webhooks, webhook endpoints and block lists are deleted with it. The app stays installed in HubSpot and the platforms keep the block-list entries already pushed: uninstall the app in HubSpot (Settings › Integrations › Connected apps) to revoke its access."
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
      />
    </Stack>
  );
}
