import { useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, QueryView, ScreenHeading } from 'shared/ui';
import { useDocumentTitle } from '../../lib/use-document-title';
import { confirmationOf, type ReleaseAction } from './release-actions';
import { ReleaseAreaCard } from './ReleaseAreaCard';
import { StartCanaryDialog, type CanaryCandidate } from './StartCanaryDialog';
import { useReleases } from './use-releases';

/** Releases (issue 57, admins): each area's live version and canary, and changes of what runs. */
export function ReleasesPage() {
  useDocumentTitle('Releases');
  const { areas, change, refusal } = useReleases();
  // the last action asked for stays while its dialog closes, so the question does not blank out
  const [asked, setAsked] = useState<ReleaseAction | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ask = (action: ReleaseAction) => {
    setAsked(action);
    setConfirming(true);
  };
  const [candidate, setCandidate] = useState<CanaryCandidate | null>(null);
  const [canaryOpen, setCanaryOpen] = useState(false);
  const askCanary = (version: CanaryCandidate) => {
    setCandidate(version);
    setCanaryOpen(true);
  };
  const confirmation = asked && confirmationOf(asked);
  return (
    <Stack gap="6" maxW="5xl">
      <ScreenHeading title="Releases">
        <Text color="fg.muted">
          What each area runs, the versions its team published, and one click to change it.
        </Text>
      </ScreenHeading>
      <QueryView
        query={areas}
        loading="Loading releases…"
        failed="The releases could not be loaded"
      >
        {(list) => (
          <Stack gap="4">
            {list.map((area) => (
              <ReleaseAreaCard
                key={area.area}
                area={area}
                refusal={refusal?.area === area.area ? refusal.message : undefined}
                onAsk={ask}
                onStartCanary={askCanary}
              />
            ))}
          </Stack>
        )}
      </QueryView>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question={confirmation?.question ?? ''}
        warning={confirmation?.warning}
        pending={change.isPending}
        onConfirm={() => asked && change.mutate(asked, { onSettled: () => setConfirming(false) })}
      />
      <StartCanaryDialog
        candidate={candidate}
        open={canaryOpen}
        onOpenChange={setCanaryOpen}
        starting={change.isPending}
        onStart={(start) => change.mutate(start, { onSettled: () => setCanaryOpen(false) })}
      />
    </Stack>
  );
}
