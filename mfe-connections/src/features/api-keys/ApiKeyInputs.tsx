import { Stack } from '@chakra-ui/react';
import {
  needsBaseUrl,
  platformOptions,
  toPlatform,
  type ApiKeyFormChange,
  type ApiKeyFormState,
} from 'shared/rules';
import { SecretField, SelectField, TextField } from 'shared/ui';

export interface ApiKeyInputsProps {
  state: ApiKeyFormState;
  dispatch: (change: ApiKeyFormChange) => void;
  disabled?: boolean;
  /** Called when the person asks to see or hide the key (the key stays masked until then). */
  onKeyShownChange?: (shown: boolean) => void | Promise<void>;
}

/**
 * The inputs the create form and the edit dialog share: Platform, API Key (masked until Show), Base
 * URL (bison only) and Description.
 */
export function ApiKeyInputs({
  state,
  dispatch,
  disabled = false,
  onKeyShownChange,
}: ApiKeyInputsProps) {
  return (
    <Stack gap="3">
      <SelectField
        label="Platform"
        placeholder="Select a platform"
        value={state.platform ?? ''}
        options={platformOptions}
        onChange={(value) => dispatch({ field: 'platform', value: toPlatform(value) })}
        disabled={disabled}
      />
      <SecretField
        label="API Key"
        value={state.apiKey}
        onChange={(value) => dispatch({ field: 'apiKey', value })}
        onShownChange={onKeyShownChange}
        disabled={disabled}
      />
      {needsBaseUrl(state.platform) && (
        <TextField
          label="Base URL"
          value={state.baseUrl}
          onChange={(value) => dispatch({ field: 'baseUrl', value })}
          disabled={disabled}
          placeholder="https://"
          inputMode="url"
        />
      )}
      <TextField
        label="Description"
        value={state.description}
        onChange={(value) => dispatch({ field: 'description', value })}
        disabled={disabled}
      />
    </Stack>
  );
}
