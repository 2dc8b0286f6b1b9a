import { useEffect, useRef, useState } from 'react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useOperationMutation, useOperationQuery } from 'shared/client';
import type { CrmProfile } from 'shared/contract';
import { successToast } from 'shared/rules';
import {
  ConfirmDialog,
  EmptyMessage,
  QueryView,
  ScreenHeading,
  useHost,
  useNotifyFailure,
} from 'shared/ui';
import { assignLocation } from '../../lib/browser-location';
import { HubspotProfilesTable } from './HubspotProfilesTable';
import { rememberPendingConnect } from './pending-connect';
import {
  ACCOUNT_DELETED,
  connectedAccountToast,
  connectedHubspotProfile,
  deleteProfileQuestion,
  hasUndeletable,
  ownerEmailsOf,
  readAgainAfterProfileDelete,
  withoutProfile,
} from './rules';
import { SignInErrorAlert } from './SignInErrorAlert';
import { useConnectedNotice } from './use-connected-notice';

/** spec §2: on entry the connected-account check runs; a title and message stay as a persistent error. */
function useConnectedAccountCheck() {
  const host = useHost();
  // a POST (it renews tokens): run once on each entry to the screen
  const { mutate } = useOperationMutation('checkHubspotConnectedAccount', {
    onSuccess: (answer) => {
      const toast = connectedAccountToast(answer);
      if (toast) host.notify(toast);
    },
  });
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    mutate(undefined);
  }, [mutate]);
}

/** "Sign in with HubSpot": to HubSpot's authorize page, which sends the user back through /oauth. */
function SignInButton({ known }: { known: CrmProfile[] }) {
  const notifyFailure = useNotifyFailure();
  const signIn = useOperationMutation('getHubspotAuthorizeUrl', {
    onSuccess: ({ url }) => {
      rememberPendingConnect({
        crm: 'HUBSPOT',
        known: known.map(({ id, status }) => ({ id, status })),
      });
      assignLocation(url);
    },
    onError: (error) => notifyFailure(error),
  });
  return (
    <Button
      alignSelf="flex-start"
      colorPalette="orange"
      // orange.700 under white text: 4.5:1 or more (the palette's solid was 3.6:1)
      bg="orange.700"
      _hover={{ bg: 'orange.800' }}
      onClick={() => signIn.mutate()}
      loading={signIn.isPending || signIn.isSuccess}
      loadingText="Sign in with HubSpot"
      spinnerPlacement="start"
    >
      Sign in with HubSpot
    </Button>
  );
}

function ProfilesSection({
  title,
  profiles,
  empty,
  onDelete,
  ownerOf,
}: {
  title: string;
  profiles: CrmProfile[];
  empty: string;
  onDelete: (profile: CrmProfile) => void;
  ownerOf?: (profile: CrmProfile) => string | undefined;
}) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {hasUndeletable(profiles) && (
        <Text color="fg.muted" fontSize="sm">
          Profiles without Delete can be deleted only by their owner or an admin.
        </Text>
      )}
      {profiles.length === 0 ? (
        <EmptyMessage title={empty} />
      ) : (
        <HubspotProfilesTable
          title={title}
          profiles={profiles}
          onDelete={onDelete}
          ownerOf={ownerOf}
        />
      )}
    </Stack>
  );
}

/** /admin/dashboard/hubspot: connect HubSpot accounts and see the organization's. */
export function HubspotScreen() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  useConnectedAccountCheck();
  // Read afresh on entry: the screen is where users come back to after signing in.
  const profiles = useOperationQuery('listHubspotProfiles', undefined, { staleTime: 0 });
  const ownProfiles = profiles.data?.auth0Profiles;
  useConnectedNotice('HUBSPOT', (pending) =>
    ownProfiles ? (connectedHubspotProfile(pending, ownProfiles)?.email ?? null) : undefined,
  );
  const hasOrganizationProfiles = (profiles.data?.organizationProfiles.length ?? 0) > 0;
  const organization = useOperationQuery('listOrganizationIntegrations', undefined, {
    enabled: hasOrganizationProfiles,
  });
  const owners = organization.data ? ownerEmailsOf(organization.data) : undefined;
  const ownerOf = (profile: CrmProfile) => owners?.get(profile.id);
  const otherOwner = (profile: CrmProfile) =>
    profile.userId === host.user.id ? null : (ownerOf(profile) ?? null);

  const [deleting, setDeleting] = useState<CrmProfile | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remove = useOperationMutation('deleteHubspotProfile', {
    update: [
      {
        query: 'listHubspotProfiles',
        apply: (lists, deleted) => withoutProfile(lists, deleted.id),
      },
    ],
    invalidates: readAgainAfterProfileDelete,
    onSuccess: () => host.notify(successToast(ACCOUNT_DELETED)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setConfirmOpen(false),
  });
  const askDelete = (profile: CrmProfile) => {
    setDeleting(profile);
    setConfirmOpen(true);
  };

  return (
    <Stack gap="6">
      <ScreenHeading title="HubSpot" />
      <SignInErrorAlert title="The HubSpot account was not connected" provider="hubspot" />
      <Stack gap="2">
        <Text color="fg.muted">
          Connect a HubSpot account: HubSpot asks you to allow access to contacts, companies, owners
          and the timeline.
        </Text>
        <SignInButton known={ownProfiles ?? []} />
      </Stack>
      <QueryView
        query={profiles}
        loading="Loading HubSpot accounts…"
        failed="The HubSpot accounts could not be loaded"
      >
        {(data) => (
          <>
            <ProfilesSection
              title="Connected profiles"
              profiles={data.auth0Profiles}
              empty="No HubSpot account connected yet"
              onDelete={askDelete}
            />
            {data.organizationProfiles.length > 0 && (
              <ProfilesSection
                title="Organization profiles"
                profiles={data.organizationProfiles}
                empty="No other HubSpot accounts"
                onDelete={askDelete}
                ownerOf={ownerOf}
              />
            )}
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={confirmOpen && deleting !== null}
        onOpenChange={setConfirmOpen}
        question={deleting ? deleteProfileQuestion(deleting, otherOwner(deleting)) : ''}
        warning="Its API keys, webhooks, webhook endpoints and block lists are deleted with it. The app stays installed in HubSpot and the platforms keep the block-list entries already pushed: uninstall the app in HubSpot (Settings › Integrations › Connected apps) to revoke its access."
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        pending={remove.isPending}
      />
    </Stack>
  );
}
