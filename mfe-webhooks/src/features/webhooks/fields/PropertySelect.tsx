import type { CrmProperty } from 'shared/contract';
import { SelectField } from 'shared/ui';

export interface PropertySelectProps {
  label: string;
  properties: readonly CrmProperty[];
  /** A property name, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
}

/** A dropdown of CRM properties as "{label} ({name})"; a chosen property missing from the list (not loaded, or gone) still shows. */
export function PropertySelect({
  label,
  properties,
  value,
  onChange,
  placeholder = 'Select Property',
  disabled = false,
}: PropertySelectProps) {
  const options = properties.map((property) => ({
    value: property.name,
    label: `${property.label} (${property.name})`,
  }));
  if (value !== '' && !options.some((option) => option.value === value))
    options.unshift({ value, label: value });
  return (
    <SelectField
      label={label}
      placeholder={placeholder}
      value={value}
      options={options}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
