import { Alert, Stack } from '@chakra-ui/react';
import { useOperationQuery } from 'shared/client';
import { backlogLine } from 'shared/rules';

/** How often the screen looks at the backlog again while events wait: each look also measures the drain. */
export const BACKLOG_POLL_MS = 15_000;

/** Per CRM account with waiting events, how many wait for its rate limit and about how long (issue 55). */
export function BacklogLines() {
  const backlog = useOperationQuery('getCrmBacklog', undefined, {
    refetchInterval: BACKLOG_POLL_MS,
  });
  const accounts = backlog.data?.accounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <Stack gap="2" aria-label="Events waiting for the CRM" role="status">
      {accounts.map((account) => (
        <Alert.Root key={account.userProfileId} status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{backlogLine(account)}</Alert.Title>
        </Alert.Root>
      ))}
    </Stack>
  );
}
