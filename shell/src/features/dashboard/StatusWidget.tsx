import { HStack, Link, Status, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { RuntimeConfig } from 'shared/contract';
import { systemStatus, type SystemHealth } from './system-status';

const answers = (url: string) =>
  fetch(url, { cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  );

/** The api's health, and each remote's manifest: an area whose remote cannot be reached cannot load. */
async function fetchHealth(remotes: RuntimeConfig['remotes']): Promise<SystemHealth> {
  const [api, ...reached] = await Promise.all([
    answers('/health'),
    ...remotes.map((remote) => answers(remote.entry)),
  ]);
  return {
    api: api === true,
    unreachable: remotes.filter((_remote, index) => !reached[index]).map((remote) => remote.name),
  };
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
  const status = health.data
    ? systemStatus(health.data)
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
