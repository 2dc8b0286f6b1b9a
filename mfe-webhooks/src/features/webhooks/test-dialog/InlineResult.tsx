import { Alert, CloseButton } from '@chakra-ui/react';
import type { ToastMessage, ToastSeverity } from 'shared/rules';

const status: Record<ToastSeverity, 'info' | 'success' | 'warning' | 'error' | 'neutral'> = {
  info: 'info',
  success: 'success',
  warn: 'warning',
  error: 'error',
  secondary: 'neutral',
  contrast: 'neutral',
};

/**
 * A dialog's own result, shown inside it where its action is (not as a toast, which would lie over the
 * dialog's controls): the same message a toast would carry, until the next action or Dismiss.
 */
export function InlineResult({
  message,
  onDismiss,
}: {
  message: ToastMessage;
  onDismiss: () => void;
}) {
  return (
    <Alert.Root
      status={status[message.severity]}
      role={message.severity === 'error' ? 'alert' : 'status'}
      alignItems="start"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message.summary}</Alert.Title>
        {message.detail && (
          <Alert.Description whiteSpace="pre-line">{message.detail}</Alert.Description>
        )}
      </Alert.Content>
      <CloseButton size="xs" aria-label="Dismiss" onClick={onDismiss} />
    </Alert.Root>
  );
}
