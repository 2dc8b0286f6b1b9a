import { Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import { LookupFailure } from './LookupFailure';

export interface CheckboxOption {
  value: string;
  label: string;
}

/** Options under a title of their own, with a checkbox that chooses or clears them all. */
export interface CheckboxGroup {
  label: string;
  options: readonly CheckboxOption[];
}

export interface CheckboxListProps {
  /** The group's legend and accessible name. */
  label: string;
  /** Either a flat list of options or titled groups of them. */
  options?: readonly CheckboxOption[];
  groups?: readonly CheckboxGroup[];
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

function OptionCheckbox({
  option,
  checked,
  onToggle,
}: {
  option: CheckboxOption;
  checked: boolean;
  onToggle: (checked: boolean) => void;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={(details) => onToggle(details.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{option.label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** A group's title, a checkbox that chooses all its options (or clears them when all are chosen). */
function GroupCheckbox({
  group,
  value,
  onChange,
}: {
  group: CheckboxGroup;
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const values = group.options.map((option) => option.value);
  const chosen = values.filter((option) => value.includes(option)).length;
  const all = chosen === values.length;
  return (
    <Checkbox.Root
      size="sm"
      checked={all ? true : chosen > 0 ? 'indeterminate' : false}
      onCheckedChange={() =>
        onChange(
          all
            ? value.filter((option) => !values.includes(option))
            : [...value, ...values.filter((option) => !value.includes(option))],
        )
      }
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontWeight="semibold">
        {group.label}{' '}
        <Text as="span" color="fg.muted" fontWeight="normal">
          (select all)
        </Text>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** Several choices among a lookup's options (CRM fields, profile URL properties), as checkboxes in a scrolling box. */
export function CheckboxList({
  label,
  options = [],
  groups,
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
  const offered = (groups ?? [{ label: '', options }]).flatMap((group) => group.options);
  // chosen values the lookup no longer answers stay listed
  const gone = value
    .filter((chosen) => !offered.some((option) => option.value === chosen))
    .map((chosen) => ({ value: chosen, label: chosen }));
  const listed = [...offered.slice(0, MAX_OPTIONS), ...gone];
  const checkbox = (option: CheckboxOption) => (
    <OptionCheckbox
      key={option.value}
      option={option}
      checked={value.includes(option.value)}
      onToggle={(checked) => toggle(option.value, checked)}
    />
  );
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
          {groups
            ? groups.map((group) => (
                <Stack key={group.label} gap="1" role="group" aria-label={group.label}>
                  <GroupCheckbox group={group} value={value} onChange={onChange} />
                  <Stack gap="1" ps="6">
                    {group.options.map(checkbox)}
                  </Stack>
                </Stack>
              ))
            : listed.map(checkbox)}
          {groups && gone.map(checkbox)}
        </Stack>
      )}
    </Fieldset.Root>
  );
}
