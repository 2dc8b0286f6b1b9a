import { useEffect, type FormEvent } from 'react';
import { Text } from '@chakra-ui/react';
import { serverMessage, useOperationMutation, useOperationQuery } from 'shared/client';
import type { ApiKey } from 'shared/contract';
import {
  apiKeyCheckPayload,
  apiKeyEditForm,
  apiKeyFormOf,
  isUnauthorized,
  successToast,
} from 'shared/rules';
import { EditDialog, EditDialogFrame, useForm, useHost, useNotifyFailure } from 'shared/ui';
import { ApiKeyInputs } from './ApiKeyInputs';
import { apiKeyTexts, revealedKeyOptions, updateCheckFailedToast, withUpdatedKey } from './rules';

const FORM_ID = 'edit-api-key-form';

/**
 * The dialog's content; it mounts each time the dialog opens. The row holds only a mask, so the inputs
 * start from the key the api reveals (a key that cannot be read starts empty).
 */
function EditApiKeyForm({ apiKey, onSaved }: { apiKey: ApiKey; onSaved: () => void }) {
  const revealed = useOperationQuery(
    'revealApiKey',
    { params: { id: apiKey.id } },
    revealedKeyOptions,
  );
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
  return (
    <EditApiKeyInputsForm
      apiKey={{ ...apiKey, apiKey: revealed.data?.apiKey ?? '' }}
      onSaved={onSaved}
    />
  );
}

/** Save checks the inputs, then the key with its platform (a failure stays until dismissed), then saves. */
function EditApiKeyInputsForm({ apiKey, onSaved }: { apiKey: ApiKey; onSaved: () => void }) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const { state, dispatch, check } = useForm(apiKeyEditForm, apiKeyFormOf(apiKey));
  const checkKey = useOperationMutation('checkApiKey');
  const update = useOperationMutation('updateApiKey', {
    update: [{ query: 'listApiKeys', apply: withUpdatedKey }],
  });
  const busy = checkKey.isPending || update.isPending;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = check();
    if (!body) return;
    try {
      const verdict = await checkKey.mutateAsync({ body: apiKeyCheckPayload(state) });
      if (!verdict.isValid) {
        host.notify(updateCheckFailedToast(verdict.message));
        return;
      }
    } catch (error) {
      if (!isUnauthorized(error)) host.notify(updateCheckFailedToast(serverMessage(error)));
      return;
    }
    host.notify(successToast(apiKeyTexts.checkPassed));
    try {
      await update.mutateAsync({ params: { id: apiKey.id }, body });
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
        <ApiKeyInputs state={state} dispatch={dispatch} disabled={busy} />
      </form>
    </EditDialogFrame>
  );
}

/** Edit opens this dialog on a row; create and edit share the inputs. */
export function EditApiKeyDialog({
  apiKey,
  open,
  onOpenChange,
}: {
  apiKey: ApiKey | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditDialog item={apiKey} open={open} onOpenChange={onOpenChange}>
      {(item, close) => <EditApiKeyForm apiKey={item} onSaved={close} />}
    </EditDialog>
  );
}
