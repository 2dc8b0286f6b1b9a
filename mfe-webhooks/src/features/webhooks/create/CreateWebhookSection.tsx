import { lazy, Suspense, useState } from 'react';
import { Stack } from '@chakra-ui/react';
import type { Integration } from 'shared/contract';
import { findIntegration } from 'shared/rules';
import { LoadingState, ProfileSelect, WithIntegrations } from 'shared/ui';

// each form (with its rules and fields) loads once a profile of its CRM is picked, off the screen's first load
const HubspotCreateForm = lazy(() => import('./HubspotCreateForm').then((module) => ({ default: module.HubspotCreateForm })));
const SalesforceCreateForm = lazy(() => import('./salesforce/SalesforceCreateForm').then((module) => ({ default: module.SalesforceCreateForm })));

function ProfileAndForm({ integrations }: { integrations: Integration[] }) {
  const [profileId, setProfileId] = useState<number | null>(null);
  const integration = findIntegration(integrations, profileId);
  return (
    <Stack gap="4">
      <Stack maxW="xl">
        <ProfileSelect integrations={integrations} value={profileId} onChange={setProfileId} label="Select Profile" />
      </Stack>
      <Suspense fallback={<LoadingState label="Loading the form…" />}>
        {integration?.user.profile === 'HUBSPOT' && <HubspotCreateForm key={integration.id} integration={integration} />}
        {integration?.user.profile === 'SALESFORCE' && <SalesforceCreateForm key={integration.id} integration={integration} />}
      </Suspense>
    </Stack>
  );
}

/**
 * spec §2 "Webhooks screen": "Select Profile" lists the user's integrations ("You don't have any
 * integrations!" without one); the chosen profile shows the create form of its CRM type.
 */
export function CreateWebhookSection() {
  return <WithIntegrations>{(integrations) => <ProfileAndForm integrations={integrations} />}</WithIntegrations>;
}
