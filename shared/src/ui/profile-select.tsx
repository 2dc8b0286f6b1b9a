import type { ReactNode } from 'react';
import { useOperationQuery } from '../client/operation-hooks.js';
import type { Integration } from '../contract/index.js';
import { integrationLabel } from '../rules/integrations.js';
import { commonTexts } from '../rules/texts.js';
import { EmptyMessage, QueryView } from './query-states.js';
import { SelectField } from './select-field.js';

export interface ProfileSelectProps {
  integrations: readonly Integration[];
  /** The chosen profile's id (Integration.id, the userProfileId of other calls), or null. */
  value: number | null;
  onChange: (id: number | null) => void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** The "Select Profile" dropdown: each integration as "{profile} - {email} - {organization id} {domain}". */
export function ProfileSelect({
  integrations,
  value,
  onChange,
  label = 'Profile',
  placeholder = 'Select Profile',
  disabled = false,
}: ProfileSelectProps) {
  return (
    <SelectField
      label={label}
      placeholder={placeholder}
      value={value === null ? '' : String(value)}
      options={integrations.map((integration) => ({
        value: String(integration.id),
        label: integrationLabel(integration),
      }))}
      onChange={(id) => onChange(id === '' ? null : Number(id))}
      disabled={disabled}
    />
  );
}

/**
 * What a screen that works on one of the user's profiles shows before its form: the profiles
 * loading, why they could not be loaded, or "You don't have any integrations!" (spec §2); with
 * profiles, `children` gets them (to offer in a ProfileSelect).
 */
export function WithIntegrations({
  children,
}: {
  children: (integrations: Integration[]) => ReactNode;
}) {
  const integrations = useOperationQuery('listUserIntegrations');
  return (
    <QueryView
      query={integrations}
      loading="Loading profiles…"
      failed="The profiles could not be loaded"
      empty={
        <EmptyMessage title={commonTexts.noIntegrations}>
          Connect a HubSpot or Salesforce account first.
        </EmptyMessage>
      }
    >
      {children}
    </QueryView>
  );
}
