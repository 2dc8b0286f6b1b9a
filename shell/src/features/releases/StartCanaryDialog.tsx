import { useState, type FormEvent } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import type { RemoteName } from 'shared/contract';
import { canaryPercentOf, validationToast } from 'shared/rules';
import { EditDialog, EditDialogFrame, TextField } from 'shared/ui';
import { notify } from '../../lib/notify';
import { remoteAreaTitles } from '../../lib/remote-areas';
import type { CanaryStart } from './release-actions';

/** A published version that is not live: what Start canary was asked on. */
export interface CanaryCandidate {
  /** The dialog's key: `{area}@{version}`. */
  id: string;
  area: RemoteName;
  version: string;
}

const FORM_ID = 'start-canary';

/** The dialog's form, mounted anew for each opening: the percentage of users, checked on submit. */
function StartCanaryForm({
  candidate,
  starting,
  onStart,
}: {
  candidate: CanaryCandidate;
  starting: boolean;
  onStart: (start: CanaryStart) => void;
}) {
  const [percent, setPercent] = useState('10');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = canaryPercentOf(percent);
    if ('message' in checked) notify(validationToast(checked.message));
    else
      onStart({
        kind: 'canary',
        area: candidate.area,
        version: candidate.version,
        percent: checked.percent,
      });
  };
  return (
    <EditDialogFrame
      title={`Start a canary of ${remoteAreaTitles[candidate.area]} ${candidate.version}`}
      saving={starting}
      formId={FORM_ID}
      saveLabel="Start canary"
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <Stack gap="3">
          <TextField
            label="Percentage of users"
            value={percent}
            onChange={setPercent}
            inputMode="numeric"
            autoFocus
          />
          <Text color="fg.muted" fontSize="sm">
            These users, the same ones every time, load {candidate.version} on the pages they open
            from now on; the others keep the live version.
          </Text>
        </Stack>
      </form>
    </EditDialogFrame>
  );
}

/** Start canary on a version: asks the share of users (1 to 99 %) and hands the start over. */
export function StartCanaryDialog({
  candidate,
  open,
  onOpenChange,
  starting,
  onStart,
}: {
  /** Kept while the dialog closes, so its text does not blank out. */
  candidate: CanaryCandidate | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  starting: boolean;
  onStart: (start: CanaryStart) => void;
}) {
  return (
    <EditDialog item={candidate} open={open} onOpenChange={onOpenChange}>
      {(asked) => <StartCanaryForm candidate={asked} starting={starting} onStart={onStart} />}
    </EditDialog>
  );
}
