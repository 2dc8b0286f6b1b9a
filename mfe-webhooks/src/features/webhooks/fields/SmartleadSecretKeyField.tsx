import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { SecretField } from 'shared/ui';
import { secretKeyStatus, type SecretKeyEdit } from 'shared/rules/webhooks';

export const secretKeyTexts = {
  label: 'Smartlead secret key',
  optional: 'Optional',
  replace: 'Type a new key to replace the one set',
  help: 'Smartlead sends it as secret_key with every event: with a key set, posts without it are refused.',
  set: 'A secret key is set',
  removed: 'The secret key is removed when you save',
  clear: 'Clear secret key',
  keep: 'Keep secret key',
} as const;

export interface SmartleadSecretKeyFieldProps {
  value: SecretKeyEdit;
  onChange: (value: SecretKeyEdit) => void;
  disabled?: boolean;
}

/**
 * The webhook's Smartlead secret key (issue 53), write-only: the form shows whether one is set, never
 * its value; a key typed replaces it, Clear removes it on save (Keep takes that back).
 */
export function SmartleadSecretKeyField({
  value,
  onChange,
  disabled = false,
}: SmartleadSecretKeyFieldProps) {
  const status = secretKeyStatus(value);
  const kept = value.stored && !value.cleared;
  return (
    <Stack gap="1">
      <SecretField
        label={secretKeyTexts.label}
        value={value.typed}
        onChange={(typed) => onChange({ ...value, typed })}
        placeholder={kept ? secretKeyTexts.replace : secretKeyTexts.optional}
        disabled={disabled}
      />
      <Text fontSize="xs" color="fg.muted">
        {secretKeyTexts.help}
      </Text>
      {(status === 'set' || status === 'removed') && (
        <HStack gap="2">
          <Text fontSize="sm">
            {status === 'set' ? secretKeyTexts.set : secretKeyTexts.removed}
          </Text>
          <Button
            size="xs"
            variant="outline"
            onClick={() => onChange({ ...value, cleared: status === 'set' })}
            disabled={disabled}
          >
            {status === 'set' ? secretKeyTexts.clear : secretKeyTexts.keep}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
