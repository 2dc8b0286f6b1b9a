import type { Webhook } from 'shared/contract';
import { ConfirmDialog } from 'shared/ui';
import { registerAgainQuestion, registerAgainWarning } from './rules';
import { useRegisterOnPlatform } from './use-register-on-platform';

/** "Register again on {platform}" asks first: a second registration makes the platform send every event twice. */
export function RegisterAgainDialog({
  webhook,
  onClose,
}: {
  webhook: Webhook | null;
  onClose: () => void;
}) {
  const { register, isPending } = useRegisterOnPlatform({ onSettled: onClose });
  return (
    <ConfirmDialog
      open={webhook !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Register again"
      question={webhook ? registerAgainQuestion(webhook) : ''}
      warning={webhook ? registerAgainWarning(webhook) : undefined}
      onConfirm={() => webhook && register(webhook, { again: true })}
      pending={isPending}
    />
  );
}
