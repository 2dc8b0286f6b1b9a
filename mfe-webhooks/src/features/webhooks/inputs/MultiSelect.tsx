import { useMemo, type Ref } from 'react';
import { createListCollection, Portal, Select, VisuallyHidden } from '@chakra-ui/react';

export interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectProps {
  /** The field's label. */
  label: string;
  /** Read by screen readers after the label, where the label alone does not tell it apart (rows of a list). */
  hiddenLabelDetail?: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Render the list inside the trigger's parent instead of a portal (inside dialogs). */
  inline?: boolean;
  /** The trigger, for a caller that moves focus to the field (a row's missing event types). */
  triggerRef?: Ref<HTMLButtonElement>;
  /** The id of a text that explains the field's problem; the field is then marked invalid. */
  problemId?: string;
}

/** spec §9: a multi-select dropdown shows at most 1000 options, at most 300 pixels high. */
const MAX_OPTIONS = 1000;
const MAX_HEIGHT = '300px';

/** A dropdown where several options are chosen (event types, categories, objects); the trigger lists the chosen labels. */
export function MultiSelect({
  label,
  hiddenLabelDetail,
  options,
  value,
  onChange,
  placeholder = 'Select',
  disabled = false,
  inline = false,
  triggerRef,
  problemId,
}: MultiSelectProps) {
  // callers often build the options on each render: the collection changes only when their contents do
  const optionsKey = JSON.stringify(options);
  const collection = useMemo(
    () =>
      createListCollection({
        items: options.slice(0, MAX_OPTIONS).map((option) => ({ ...option })),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [optionsKey],
  );
  const content = (
    <Select.Positioner>
      <Select.Content maxH={MAX_HEIGHT} overflowY="auto">
        {collection.items.map((option) => (
          <Select.Item key={option.value} item={option}>
            {option.label}
            <Select.ItemIndicator />
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Positioner>
  );
  return (
    <Select.Root
      multiple
      collection={collection}
      value={[...value]}
      onValueChange={(details) => onChange(details.value)}
      disabled={disabled}
      invalid={problemId !== undefined}
      size="sm"
      positioning={{ sameWidth: true }}
    >
      <Select.HiddenSelect />
      <Select.Label>
        {label}
        {hiddenLabelDetail && <VisuallyHidden> {hiddenLabelDetail}</VisuallyHidden>}
      </Select.Label>
      <Select.Control>
        <Select.Trigger ref={triggerRef} aria-describedby={problemId}>
          <Select.ValueText placeholder={placeholder} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      {inline ? content : <Portal>{content}</Portal>}
    </Select.Root>
  );
}
