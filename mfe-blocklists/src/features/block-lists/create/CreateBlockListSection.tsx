import { useState, type ComponentType } from 'react';
import { Stack } from '@chakra-ui/react';
import type { CrmType, Integration } from 'shared/contract';
import { findIntegration } from 'shared/rules';
import {
  lazyWithRetry,
  LoadingState,
  ProfileSelect,
  SectionLoadFailed,
  WithIntegrations,
} from 'shared/ui';

type CreateForm = ComponentType<{ integration: Integration }>;

// each form (with its rules and fields) loads once a profile of its CRM is picked, off the screen's first load
const formStates = {
  loading: <LoadingState label="Loading the form…" />,
  failed: (_props: unknown, retry: () => void) => (
    <SectionLoadFailed title="The form could not be loaded" onRetry={retry} />
  ),
};
const formOfCrm: Record<CrmType, CreateForm> = {
  HUBSPOT: lazyWithRetry(
    () => import('./HubspotBlockListForm').then((module) => module.HubspotBlockListForm),
    formStates,
  ),
  SALESFORCE: lazyWithRetry(
    () => import('./SalesforceBlockListForm').then((module) => module.SalesforceBlockListForm),
    formStates,
  ),
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
              <ProfileSelect
                integrations={integrations}
                value={profileId}
                onChange={setProfileId}
                label="Select Profile"
              />
            </Stack>
            {Form && integration && <Form key={integration.id} integration={integration} />}
          </Stack>
        );
      }}
    </WithIntegrations>
  );
}
