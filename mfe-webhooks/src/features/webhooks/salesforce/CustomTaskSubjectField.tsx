import { Field, Input } from '@chakra-ui/react';
import { customTaskSubjectSnippets, isValidCustomTaskSubject } from 'shared/rules';
import { salesforceFieldsLabels } from 'shared/rules/webhooks';

/** "Custom Task Subject" (log type 1): the allowed snippets listed below it, and a red border while it is not usable (spec §5). */
export function CustomTaskSubjectField({
  value,
  onChange,
  disabled = false,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <Field.Root invalid={!isValidCustomTaskSubject(value)} disabled={disabled}>
      <Field.Label>{salesforceFieldsLabels.customTaskSubject}</Field.Label>
      <Input
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        placeholder="{event_type}: {subject}"
      />
      <Field.HelperText>
        Snippets: {customTaskSubjectSnippets.map((snippet) => `{${snippet}}`).join(', ')}
      </Field.HelperText>
    </Field.Root>
  );
}
