import { Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import { LookupFailure } from './LookupFailure';

export interface CheckboxListProps {
  /** The group's legend and accessible name. */
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Shown when there is nothing to choose (and the lookup did not fail). */
  emptyText: string;
  loading?: boolean;
  /** Why the options could not be loaded (lookupFailure): said here only. */
  failure?: string | null;
  what: string;
  disabled?: boolean;
}

/** spec §9: a multiple choice shows at most 1000 options, at most 300 pixels high. */
const MAX_OPTIONS = 1000;

/** Several choices among a lookup's options (CRM fields, profile URL properties), as checkboxes in a scrolling box. */
export function CheckboxList({
  label,
  options,
  value,
  onChange,
  emptyText,
  loading = false,
  failure,
  what,
  disabled = false,
}: CheckboxListProps) {
  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...value, option] : value.filter((chosen) => chosen !== option));
  // chosen values the lookup no longer answers stay listed
  const listed = [
    ...options.slice(0, MAX_OPTIONS),
    ...value
      .filter((chosen) => !options.some((option) => option.value === chosen))
      .map((chosen) => ({ value: chosen, label: chosen })),
  ];
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {label}
      </Fieldset.Legend>
      {failure && <LookupFailure what={what} failure={failure} />}
      {!failure && listed.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          {loading ? 'Loading…' : emptyText}
        </Text>
      )}
      {listed.length > 0 && (
        <Stack gap="1" maxH="300px" overflowY="auto" borderWidth="1px" rounded="md" p="2">
          {listed.map((option) => (
            <Checkbox.Root
              key={option.value}
              size="sm"
              checked={value.includes(option.value)}
              onCheckedChange={(details) => toggle(option.value, details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{option.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
    </Fieldset.Root>
  );
}
