import { Alert, Button, Stack } from '@chakra-ui/react';
import { useOperationMutation } from 'shared/client';
import type { WebhookLogDetail } from 'shared/contract';
import { useHost, useNotifyFailure } from 'shared/ui';
import { canReplayWebhookEvent, replayOutcome } from 'shared/rules/logs';

/** Replay, for the owner or an admin on a failed event or dead delivery; what it set going shows once done. */
export function ReplayEvent({ log }: { log: WebhookLogDetail }) {
  const { user } = useHost();
  const notifyFailure = useNotifyFailure();
  const replay = useOperationMutation('replayWebhookEvent', {
    invalidates: ['getWebhookLog', 'listWebhookLogs'],
    onError: (error) => notifyFailure(error),
  });
  if (!replay.data && !canReplayWebhookEvent(log, user)) return null;
  return (
    <Stack gap="2" align="flex-start">
      {replay.data ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{replayOutcome(replay.data)}</Alert.Title>
        </Alert.Root>
      ) : (
        <Button
          colorPalette="primary"
          loading={replay.isPending}
          onClick={() => replay.mutate({ params: { id: log.id } })}
        >
          Replay
        </Button>
      )}
    </Stack>
  );
}
