import { Alert, Badge, Button, Card, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { PublishedVersion, ReleaseArea } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { remoteAreaTitles } from '../../lib/remote-areas';
import type { ReleaseAction } from './release-actions';
import type { CanaryCandidate } from './StartCanaryDialog';

/** What a version's row and its area's card ask the page for. */
interface Asks {
  onAsk: (action: ReleaseAction) => void;
  onStartCanary: (candidate: CanaryCandidate) => void;
}

function VersionRow({
  area,
  version,
  onAsk,
  onStartCanary,
}: Asks & { area: ReleaseArea; version: PublishedVersion }) {
  const live = area.live === version.version;
  const canary = area.canary?.version === version.version;
  return (
    <Table.Row data-testid={`release-${area.area}-${version.version}`}>
      <Table.Cell>
        <HStack gap="2">
          <Text fontFamily="mono">{version.version}</Text>
          {live && <Badge colorPalette="green">Live</Badge>}
          {canary && <Badge colorPalette="orange">Canary</Badge>}
        </HStack>
      </Table.Cell>
      <Table.Cell>{formatDateTime(version.publishedAt)}</Table.Cell>
      <Table.Cell>{version.publishedBy}</Table.Cell>
      <Table.Cell textAlign="end" aria-label="Fallbacks">
        {version.fallbacks}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap="2" justify="flex-end">
          {/* the registry serves a canary beside a live version only */}
          {!live && !canary && area.live !== null && (
            <Button
              size="xs"
              variant="outline"
              aria-label={`Start canary ${version.version}`}
              onClick={() => onStartCanary({ area: area.area, version: version.version })}
            >
              Start canary
            </Button>
          )}
          {!live && (
            <Button
              size="xs"
              variant="outline"
              aria-label={`Activate ${version.version}`}
              onClick={() => onAsk({ kind: 'activate', area: area.area, version: version.version })}
            >
              Activate
            </Button>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** One area of the Releases page: what runs, the canary, and every published version. */
export function ReleaseAreaCard({
  area,
  refusal,
  onAsk,
  onStartCanary,
}: Asks & {
  area: ReleaseArea;
  /** Why the registry refused this area's last change. */
  refusal: string | undefined;
}) {
  const title = remoteAreaTitles[area.area];
  const headingId = `releases-${area.area}`;
  const { live, canary } = area;
  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm">
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="md" id={headingId}>
              {title}
            </Heading>
            <Text data-testid={`live-${area.area}`}>
              Live: {live ?? 'the configured build (nothing released yet)'}
            </Text>
            {canary && (
              <Text data-testid={`canary-${area.area}`}>
                Canary: {canary.version} for {canary.percent} % of users
              </Text>
            )}
          </Stack>
          <HStack gap="2">
            {live && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => onAsk({ kind: 'rollback', area: area.area, live })}
              >
                Rollback
              </Button>
            )}
            {canary && (
              <>
                <Button
                  size="sm"
                  onClick={() =>
                    onAsk({ kind: 'promote', area: area.area, version: canary.version })
                  }
                >
                  Promote
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onAsk({ kind: 'drop', area: area.area, version: canary.version })}
                >
                  Drop canary
                </Button>
              </>
            )}
          </HStack>
        </HStack>
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The release registry refused the change</Alert.Title>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {area.versions.length === 0 ? (
          <Text color="fg.muted">No version of {title} has been published.</Text>
        ) : (
          <Table.Root size="sm" aria-label={`${title} versions`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Version</Table.ColumnHeader>
                <Table.ColumnHeader>Published</Table.ColumnHeader>
                <Table.ColumnHeader>Published by</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Fallbacks</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {area.versions.map((version) => (
                <VersionRow
                  key={version.version}
                  area={area}
                  version={version}
                  onAsk={onAsk}
                  onStartCanary={onStartCanary}
                />
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
