import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import type { Integration } from 'shared/contract';
import { findIntegration } from 'shared/rules';
import {
  lazyWithRetry,
  LoadingState,
  ProfileSelect,
  SectionLoadFailed,
  WithIntegrations,
} from 'shared/ui';

// each form (with its rules and fields) loads once a profile of its CRM is picked, off the screen's first load
const formStates = {
  loading: <LoadingState label="Loading the form…" />,
  failed: (_props: unknown, retry: () => void) => (
    <SectionLoadFailed title="The form could not be loaded" onRetry={retry} />
  ),
};
const HubspotCreateForm = lazyWithRetry(
  () => import('./HubspotCreateForm').then((module) => module.HubspotCreateForm),
  formStates,
);
const SalesforceCreateForm = lazyWithRetry(
  () => import('./salesforce/SalesforceCreateForm').then((module) => module.SalesforceCreateForm),
  formStates,
);

function ProfileAndForm({ integrations }: { integrations: Integration[] }) {
  const [profileId, setProfileId] = useState<number | null>(null);
  const integration = findIntegration(integrations, profileId);
  return (
    <Stack gap="4">
      <Stack maxW="xl">
        <ProfileSelect
          integrations={integrations}
          value={profileId}
          onChange={setProfileId}
          label="Select Profile"
        />
      </Stack>
      {integration?.user.profile === 'HUBSPOT' && (
        <HubspotCreateForm key={integration.id} integration={integration} />
      )}
      {integration?.user.profile === 'SALESFORCE' && (
        <SalesforceCreateForm key={integration.id} integration={integration} />
      )}
    </Stack>
  );
}

/**
 * spec §2 "Webhooks screen": "Select Profile" lists the user's integrations ("You don't have any
 * integrations!" without one); the chosen profile shows the create form of its CRM type.
 */
export function CreateWebhookSection() {
  return (
    <WithIntegrations>
      {(integrations) => <ProfileAndForm integrations={integrations} />}
    </WithIntegrations>
  );
}
