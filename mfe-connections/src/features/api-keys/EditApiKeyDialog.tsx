import { useState, type FormEvent } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { errorMessage } from 'shared/client';
import type { ApiKey } from 'shared/contract';
import { successToast, validationToast } from 'shared/rules';
import { useHost } from 'shared/ui';
import { isUnauthorized, useNotifyFailure } from '../../lib/errors';
import { useCheckApiKey } from './api/check-api-key';
import { useUpdateApiKey } from './api/update-api-key';
import { ApiKeyInputs } from './ApiKeyInputs';
import { apiKeyTexts, checkApiKeyUpdate, checkBodyOf, inputsOf, updateCheckFailedToast } from './rules';

const FORM_ID = 'edit-api-key-form';

/**
 * The dialog's content; it mounts each time the dialog opens, so the inputs start from the row.
 * Save checks the inputs, then the key with its platform (a failure stays until dismissed), then saves.
 */
function EditApiKeyForm({ apiKey, onSaved }: { apiKey: ApiKey; onSaved: () => void }) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const [values, setValues] = useState(() => inputsOf(apiKey));
  const check = useCheckApiKey();
  const update = useUpdateApiKey();
  const busy = check.isPending || update.isPending;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkApiKeyUpdate(values);
    if (!checked.ok) {
      if (checked.message) host.notify(validationToast(checked.message));
      return;
    }
    try {
      const verdict = await check.mutateAsync(checkBodyOf(checked.body));
      if (!verdict.isValid) {
        host.notify(updateCheckFailedToast(verdict.message));
        return;
      }
    } catch (error) {
      if (!isUnauthorized(error)) host.notify(updateCheckFailedToast(errorMessage(error, apiKeyTexts.unknownError)));
      return;
    }
    host.notify(successToast(apiKeyTexts.checkPassed));
    try {
      await update.mutateAsync({ id: apiKey.id, body: checked.body });
    } catch (error) {
      notifyFailure(error);
      return;
    }
    host.notify(successToast(apiKeyTexts.updated));
    onSaved();
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Edit API key</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={FORM_ID} onSubmit={(event) => void save(event)} noValidate>
          <ApiKeyInputs values={values} onChange={setValues} disabled={busy} />
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" form={FORM_ID} colorPalette="primary" loading={busy} loadingText="Save" spinnerPlacement="start">
          Save
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </>
  );
}

/** Edit opens this dialog on a row; create and edit share the inputs. */
export function EditApiKeyDialog({ apiKey, open, onOpenChange }: { apiKey: ApiKey | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open && apiKey !== null} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{apiKey && <EditApiKeyForm key={apiKey.id} apiKey={apiKey} onSaved={() => onOpenChange(false)} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
