import { useId } from 'react';
import { Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import type { SelectOption } from './SelectField';

/** spec §9: a multi-select lists at most 1000 options and is at most 300 high. */
const MAX_OPTIONS = 1000;
const MAX_HEIGHT = '300px';

export interface MultiSelectFieldProps {
  label: string;
  value: readonly string[];
  options: readonly SelectOption[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  /** What shows when there is nothing to choose from. */
  empty?: string;
}

/** A labelled group of checkboxes, one per option, scrolling past 300 pixels; answers the chosen values in the options' order. */
export function MultiSelectField({ label, value, options, onChange, disabled = false, empty = 'Nothing to choose from' }: MultiSelectFieldProps) {
  const labelId = useId();
  const toggle = (option: string, on: boolean) => onChange(options.map((item) => item.value).filter((item) => (item === option ? on : value.includes(item))));
  return (
    <Stack gap="1.5" role="group" aria-labelledby={labelId}>
      <Text id={labelId} textStyle="sm" fontWeight="medium">
        {label}
      </Text>
      <Box borderWidth="1px" borderRadius="l2" px="3" py="2" maxH={MAX_HEIGHT} overflowY="auto">
        {options.length === 0 ? (
          <Text color="fg.muted" textStyle="sm">
            {empty}
          </Text>
        ) : (
          <Stack gap="1.5">
            {options.slice(0, MAX_OPTIONS).map((option) => (
              <Checkbox.Root key={option.value} size="sm" checked={value.includes(option.value)} onCheckedChange={(details) => toggle(option.value, details.checked === true)} disabled={disabled}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{option.label}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
