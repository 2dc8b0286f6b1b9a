import { Field, NativeSelect } from '@chakra-ui/react';
import type { CrmProperty } from 'shared/contract';

export interface PropertySelectProps {
  label: string;
  properties: readonly CrmProperty[];
  /** A property name, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** A dropdown of the CRM's contact properties; a chosen property missing from the list (not loaded, or gone) still shows. */
export function PropertySelect({ label, properties, value, onChange, disabled = false }: PropertySelectProps) {
  const missing = value !== '' && !properties.some((property) => property.name === value);
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">Select Property</option>
          {missing && <option value={value}>{value}</option>}
          {properties.map((property) => (
            <option key={property.name} value={property.name}>
              {property.label} ({property.name})
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
