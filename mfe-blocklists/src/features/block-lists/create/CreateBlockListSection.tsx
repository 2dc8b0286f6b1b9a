import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Stack } from '@chakra-ui/react';
import type { CrmType, Integration } from 'shared/contract';
import { findIntegration } from 'shared/rules';
import { LoadingState, ProfileSelect, WithIntegrations } from 'shared/ui';

type CreateForm = ComponentType<{ integration: Integration }>;

// each form (with its rules and fields) loads once a profile of its CRM is picked, off the screen's first load
const formOfCrm: Record<CrmType, CreateForm> = {
  HUBSPOT: lazy(() => import('./HubspotBlockListForm').then((module) => ({ default: module.HubspotBlockListForm }))),
  SALESFORCE: lazy(() => import('./SalesforceBlockListForm').then((module) => ({ default: module.SalesforceBlockListForm }))),
};

/** spec §2 "Block lists screen": choose an account (a CRM profile); the form of its CRM appears. */
export function CreateBlockListSection() {
  const [profileId, setProfileId] = useState<number | null>(null);
  return (
    <WithIntegrations>
      {(integrations) => {
        const integration = findIntegration(integrations, profileId);
        const Form = integration && formOfCrm[integration.user.profile];
        return (
          <Stack gap="4">
            <Stack maxW="xl">
              <ProfileSelect integrations={integrations} value={profileId} onChange={setProfileId} label="Select Profile" />
            </Stack>
            <Suspense fallback={<LoadingState label="Loading the form…" />}>{Form && integration && <Form key={integration.id} integration={integration} />}</Suspense>
          </Stack>
        );
      }}
    </WithIntegrations>
  );
}
