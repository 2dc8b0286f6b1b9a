import { Field, NativeSelect, Stack } from '@chakra-ui/react';
import { platformOptions, toPlatform } from 'shared/rules';
import { TextField } from 'shared/ui';
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
      <TextField label="API Key" value={values.apiKey} onChange={(apiKey) => set('apiKey', apiKey)} disabled={disabled} autoComplete="off" spellCheck={false} />
      {needsBaseUrl(values.platform) && (
        <TextField label="Base URL" value={values.baseUrl} onChange={(baseUrl) => set('baseUrl', baseUrl)} disabled={disabled} placeholder="https://" inputMode="url" />
      )}
      <TextField label="Description" value={values.description} onChange={(description) => set('description', description)} disabled={disabled} />
    </Stack>
  );
}
