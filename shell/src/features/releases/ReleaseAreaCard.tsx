import { Alert, Badge, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { PublishedVersion, ReleaseArea } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { DataTable, type DataColumn, type RowAction } from 'shared/ui';
import { remoteAreaTitles } from '../../lib/remote-areas';
import type { ReleaseAction } from './release-actions';
import type { CanaryCandidate } from './StartCanaryDialog';

/** What a version's row and its area's card ask the page for. */
interface Asks {
  onAsk: (action: ReleaseAction) => void;
  onStartCanary: (candidate: CanaryCandidate) => void;
}

/** A published version's row actions: Start canary beside a live version, Activate. */
function versionActions(
  area: ReleaseArea,
  version: PublishedVersion,
  { onAsk, onStartCanary }: Asks,
): RowAction[] {
  const live = area.live === version.version;
  const canary = area.canary?.version === version.version;
  const actions: RowAction[] = [];
  // the registry serves a canary beside a live version only
  if (!live && !canary && area.live !== null)
    actions.push({
      label: 'Start canary',
      ariaLabel: `Start canary ${version.version}`,
      onClick: () =>
        onStartCanary({
          id: `${area.area}@${version.version}`,
          area: area.area,
          version: version.version,
        }),
    });
  if (!live)
    actions.push({
      label: 'Activate',
      ariaLabel: `Activate ${version.version}`,
      onClick: () => onAsk({ kind: 'activate', area: area.area, version: version.version }),
    });
  return actions;
}

/** The versions table's columns: the version with its Live or Canary badge, when and by whom, its fallbacks. */
const versionColumns = (area: ReleaseArea): DataColumn<PublishedVersion & { id: string }>[] => [
  {
    header: 'Version',
    cell: (version) => (
      <HStack gap="2">
        <Text fontFamily="mono">{version.version}</Text>
        {area.live === version.version && <Badge colorPalette="green">Live</Badge>}
        {area.canary?.version === version.version && <Badge colorPalette="orange">Canary</Badge>}
      </HStack>
    ),
  },
  {
    header: 'Published',
    cell: (version) => formatDateTime(version.publishedAt),
    cellProps: { whiteSpace: 'nowrap' },
  },
  { header: 'Published by', cell: (version) => version.publishedBy },
  {
    header: 'Fallbacks',
    cell: (version) => version.fallbacks,
    cellProps: { textAlign: 'end', 'aria-label': 'Fallbacks' },
  },
];

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
          <DataTable
            label={`${title} versions`}
            columns={versionColumns(area)}
            rows={area.versions.map((version) => ({ ...version, id: version.version }))}
            actions={(version) => versionActions(area, version, { onAsk, onStartCanary })}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}
