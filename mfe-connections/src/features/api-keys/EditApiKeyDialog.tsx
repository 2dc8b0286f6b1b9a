import { useEffect, useState, type FormEvent } from 'react';
import { Text } from '@chakra-ui/react';
import { errorMessage } from 'shared/client';
import type { ApiKey } from 'shared/contract';
import { successToast, validationToast } from 'shared/rules';
import { EditDialog, EditDialogFrame, useHost } from 'shared/ui';
import { isUnauthorized, useNotifyFailure } from '../../lib/errors';
import { useCheckApiKey } from './api/check-api-key';
import { useRevealedApiKey } from './api/reveal-api-key';
import { useUpdateApiKey } from './api/update-api-key';
import { ApiKeyInputs } from './ApiKeyInputs';
import { apiKeyTexts, checkApiKeyUpdate, checkBodyOf, inputsOf, updateCheckFailedToast } from './rules';

const FORM_ID = 'edit-api-key-form';

/**
 * The dialog's content; it mounts each time the dialog opens, so the inputs start from the row and
 * the key the api reveals for it (the row holds only a mask; a key that cannot be read starts empty).
 * Save checks the inputs, then the key with its platform (a failure stays until dismissed), then saves.
 */
function EditApiKeyForm({ apiKey, onSaved }: { apiKey: ApiKey; onSaved: () => void }) {
  const revealed = useRevealedApiKey(apiKey.id);
  const notifyFailure = useNotifyFailure();
  const { error } = revealed;
  useEffect(() => {
    if (error) notifyFailure(error);
  }, [error, notifyFailure]);
  if (revealed.isPending) {
    return (
      <EditDialogFrame title="Edit API key" saving formId={FORM_ID}>
        <Text color="fg.muted">Loading…</Text>
      </EditDialogFrame>
    );
  }
  return <EditApiKeyInputsForm apiKey={{ ...apiKey, apiKey: revealed.data ?? '' }} onSaved={onSaved} />;
}

function EditApiKeyInputsForm({ apiKey, onSaved }: { apiKey: ApiKey; onSaved: () => void }) {
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
    <EditDialogFrame title="Edit API key" saving={busy} formId={FORM_ID}>
      <form id={FORM_ID} onSubmit={(event) => void save(event)} noValidate>
        <ApiKeyInputs values={values} onChange={setValues} disabled={busy} />
      </form>
    </EditDialogFrame>
  );
}

/** Edit opens this dialog on a row; create and edit share the inputs. */
export function EditApiKeyDialog({ apiKey, open, onOpenChange }: { apiKey: ApiKey | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <EditDialog item={apiKey} open={open} onOpenChange={onOpenChange}>
      {(item, close) => <EditApiKeyForm apiKey={item} onSaved={close} />}
    </EditDialog>
  );
}
