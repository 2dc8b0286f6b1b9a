import { List, Text } from '@chakra-ui/react';
import { remoteAreaTitles } from '../../lib/remote-areas';
import { useRunningVersions } from '../../lib/running-versions';

/** The build of each area this page runs (the registry's version, or the configured build's). */
export function RunningVersions() {
  const versions = useRunningVersions();
  if (versions.size === 0) return null;
  return (
    <List.Root
      aria-label="Versions this page runs"
      listStyle="none"
      px="3"
      fontSize="xs"
      color="fg.muted"
      gap="0.5"
    >
      {[...versions].map(([name, version]) => (
        <List.Item key={name} data-testid={`running-version-${name}`}>
          <Text as="span">
            {remoteAreaTitles[name]} {version ?? 'configured build'}
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
