import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { platformOptions, toPlatform } from 'shared/rules';
import { needsBaseUrl, type ApiKeyInputValues } from './rules';

/**
 * The inputs the create form and the edit dialog share: Platform, API Key, Base URL (bison only)
 * and Description.
 */
export function ApiKeyInputs({ values, onChange, disabled = false }: { values: ApiKeyInputValues; onChange: (values: ApiKeyInputValues) => void; disabled?: boolean }) {
  const set = <K extends keyof ApiKeyInputValues>(field: K, value: ApiKeyInputValues[K]) => onChange({ ...values, [field]: value });
  return (
    <Stack gap="3">
      <Field.Root disabled={disabled}>
        <Field.Label>Platform</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={values.platform ?? ''} onChange={(event) => set('platform', toPlatform(event.currentTarget.value))}>
            <option value="">Select a platform</option>
            {platformOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root disabled={disabled}>
        <Field.Label>API Key</Field.Label>
        <Input value={values.apiKey} onChange={(event) => set('apiKey', event.currentTarget.value)} autoComplete="off" spellCheck={false} />
      </Field.Root>
      {needsBaseUrl(values.platform) && (
        <Field.Root disabled={disabled}>
          <Field.Label>Base URL</Field.Label>
          <Input value={values.baseUrl} onChange={(event) => set('baseUrl', event.currentTarget.value)} placeholder="https://" inputMode="url" />
        </Field.Root>
      )}
      <Field.Root disabled={disabled}>
        <Field.Label>Description</Field.Label>
        <Input value={values.description} onChange={(event) => set('description', event.currentTarget.value)} />
      </Field.Root>
    </Stack>
  );
}
