import { Field, NativeSelect } from '@chakra-ui/react';
import type { Integration } from '../contract/index.js';
import { integrationLabel } from '../rules/integrations.js';

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
export function ProfileSelect({ integrations, value, onChange, label = 'Profile', placeholder = 'Select Profile', disabled = false }: ProfileSelectProps) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value === null ? '' : String(value)} onChange={(event) => onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}>
          <option value="">{placeholder}</option>
          {integrations.map((integration) => (
            <option key={integration.id} value={integration.id}>
              {integrationLabel(integration)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
