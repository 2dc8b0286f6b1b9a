import { useState, type ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import type { Integration } from 'shared/contract';
import { findIntegration } from 'shared/rules';
import { ProfileSelect, WithIntegrations } from 'shared/ui';
import { HubspotCreateForm } from './HubspotCreateForm';

export interface CreateWebhookSectionProps {
  /** The SALESFORCE create form for a Salesforce profile. */
  renderSalesforceForm: (integration: Integration) => ReactNode;
}

function ProfileAndForm({ integrations, renderSalesforceForm }: CreateWebhookSectionProps & { integrations: Integration[] }) {
  const [profileId, setProfileId] = useState<number | null>(null);
  const integration = findIntegration(integrations, profileId);
  return (
    <Stack gap="4">
      <Stack maxW="xl">
        <ProfileSelect integrations={integrations} value={profileId} onChange={setProfileId} label="Select Profile" />
      </Stack>
      {integration?.user.profile === 'HUBSPOT' && <HubspotCreateForm key={integration.id} integration={integration} />}
      {integration?.user.profile === 'SALESFORCE' && <Stack key={integration.id}>{renderSalesforceForm(integration)}</Stack>}
    </Stack>
  );
}

/**
 * spec §2 "Webhooks screen": "Select Profile" lists the user's integrations ("You don't have any
 * integrations!" without one); the chosen profile shows the create form of its CRM type.
 */
export function CreateWebhookSection({ renderSalesforceForm }: CreateWebhookSectionProps) {
  return <WithIntegrations>{(integrations) => <ProfileAndForm integrations={integrations} renderSalesforceForm={renderSalesforceForm} />}</WithIntegrations>;
}
