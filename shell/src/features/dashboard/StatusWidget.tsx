import { HStack, Link, Status, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';

async function fetchHealth(): Promise<boolean> {
  const response = await fetch('/health');
  return response.ok;
}

/** The status-page widget: the api's live health, and a link to the public status page. */
export function StatusWidget({ statusPageUrl }: { statusPageUrl: string }) {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: fetchHealth,
    refetchInterval: 60_000,
    retry: false,
  });
  const operational = health.data === true;
  const label = health.isPending
    ? 'Checking status…'
    : operational
      ? 'All systems operational'
      : 'Service disruption';
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
        <Status.Root colorPalette={health.isPending ? 'gray' : operational ? 'green' : 'red'}>
          <Status.Indicator />
        </Status.Root>
        <Text fontSize="sm" data-testid="status-widget">
          {label}
        </Text>
      </HStack>
    </Link>
  );
}
