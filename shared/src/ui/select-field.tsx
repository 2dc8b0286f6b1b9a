import { Field, NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** The first, empty choice ('' as value); none when a choice is always made. */
  placeholder?: string;
  disabled?: boolean;
  /** A line under the dropdown, e.g. why it offers nothing and where to fix that. */
  hint?: string;
}

/** A labelled native dropdown of text values. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  placeholder,
  disabled = false,
  hint,
}: SelectFieldProps) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}
