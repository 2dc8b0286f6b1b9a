import { lazy, Suspense, useState } from 'react';
import { Stack } from '@chakra-ui/react';
import type { Integration } from 'shared/contract';
import { findIntegration } from 'shared/rules';
import { LoadingState, ProfileSelect, WithIntegrations } from 'shared/ui';

// each form (with its rules and fields) loads once a profile of its CRM is picked, off the screen's first load
const HubspotBlockListForm = lazy(() => import('./HubspotBlockListForm').then((module) => ({ default: module.HubspotBlockListForm })));
const SalesforceBlockListForm = lazy(() => import('./SalesforceBlockListForm').then((module) => ({ default: module.SalesforceBlockListForm })));

function ProfileAndForm({ integrations }: { integrations: Integration[] }) {
  const [profileId, setProfileId] = useState<number | null>(null);
  const integration = findIntegration(integrations, profileId);
  return (
    <Stack gap="4">
      <Stack maxW="xl">
        <ProfileSelect integrations={integrations} value={profileId} onChange={setProfileId} label="Select Profile" />
      </Stack>
      <Suspense fallback={<LoadingState label="Loading the form…" />}>
        {integration?.user.profile === 'HUBSPOT' && <HubspotBlockListForm key={integration.id} integration={integration} />}
        {integration?.user.profile === 'SALESFORCE' && <SalesforceBlockListForm key={integration.id} integration={integration} />}
      </Suspense>
    </Stack>
  );
}

/** spec §2 "Block lists screen": choose an account (a CRM profile); the form of its CRM appears. */
export function CreateBlockListSection() {
  return <WithIntegrations>{(integrations) => <ProfileAndForm integrations={integrations} />}</WithIntegrations>;
}
