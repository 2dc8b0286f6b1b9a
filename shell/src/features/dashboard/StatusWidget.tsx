import { HStack, Link, Status, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createApiClient, queryKeys } from 'shared/client';
import { healthAnswer, type RuntimeConfig } from 'shared/contract';
import { useGoToUnauthorized } from '../../lib/shell-host';
import { systemStatus, type SystemHealth } from './system-status';

const answers = (url: string) =>
  fetch(url, { cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  );

/** Whether the api serves, and the data folder's free space when its answer says. */
async function apiHealth(): Promise<Pick<SystemHealth, 'api' | 'diskFreePercent'>> {
  const response = await fetch('/health', { cache: 'no-store' }).catch(() => null);
  if (response === null || !response.ok) return { api: false };
  const answer = healthAnswer.safeParse(await response.json().catch(() => null));
  if (!answer.success || answer.data.disk === null) return { api: true };
  return { api: true, diskFreePercent: answer.data.disk.freePercent };
}

/** The api's health, and each remote's manifest: an area whose remote cannot be reached cannot load. */
async function fetchHealth(remotes: RuntimeConfig['remotes']): Promise<SystemHealth> {
  const [api, ...reached] = await Promise.all([
    apiHealth(),
    ...remotes.map((remote) => answers(remote.entry)),
  ]);
  return {
    ...api,
    unreachable: remotes.filter((_remote, index) => !reached[index]).map((remote) => remote.name),
  };
}

/** The CRM accounts' waiting events (issue 55), keyed as the Webhooks screen's, so either look refreshes both. */
function useCrmBacklog() {
  const onUnauthorized = useGoToUnauthorized();
  const api = useMemo(() => createApiClient({ baseUrl: '', onUnauthorized }), [onUnauthorized]);
  return useQuery({
    queryKey: queryKeys.of('getCrmBacklog'),
    queryFn: () => api.call('getCrmBacklog'),
    refetchInterval: 60_000,
    retry: false,
  });
}

/** The status-page widget: the live health of the api and of each area's remote, and a link to the public status page. */
export function StatusWidget({
  statusPageUrl,
  remotes,
}: {
  statusPageUrl: string;
  remotes: RuntimeConfig['remotes'];
}) {
  const health = useQuery({
    queryKey: ['health', remotes],
    queryFn: () => fetchHealth(remotes),
    refetchInterval: 60_000,
    retry: false,
  });
  const backlog = useCrmBacklog();
  const status = health.data
    ? systemStatus(health.data, backlog.data?.accounts)
    : health.isPending
      ? { label: 'Checking status…', palette: 'gray' }
      : systemStatus({ api: false, unreachable: [] });
  return (
    <Link
      href={statusPageUrl}
      target="_blank"
      rel="noreferrer"
      px="3"
      py="2"
      rounded="md"
      borderWidth="1px"
      display="block"
      _hover={{ textDecoration: 'none', bg: 'gray.50' }}
    >
      <HStack gap="2">
        <Status.Root colorPalette={status.palette}>
          <Status.Indicator />
        </Status.Root>
        <Text fontSize="sm" data-testid="status-widget">
          {status.label}
        </Text>
      </HStack>
    </Link>
  );
}
