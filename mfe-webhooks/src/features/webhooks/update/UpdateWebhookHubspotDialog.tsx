import type { Webhook } from 'shared/contract';
import { validationToast } from 'shared/rules';
import { EditDialog, EditDialogFrame, useForm, useHost } from 'shared/ui';
import { HubspotWebhookInputs } from '../create/HubspotWebhookInputs';
import { useHubspotWebhookLookups } from '../create/use-hubspot-webhook-lookups';
import { useUpdateWebhook } from './use-update-webhook';
import {
  hubspotWebhookFormOf,
  hubspotWebhookUpdateForm,
  hubspotWebhookWarning,
} from 'shared/rules/webhooks';
import { readOnlyWebhookReason } from '../table/rules';

export interface UpdateWebhookHubspotDialogProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
  /** The Update button shows only where the user may update (spec §6); otherwise the fields are read-only. */
  canUpdate: boolean;
}

const TITLE = 'Update Webhook HubSpot';
const FORM_ID = 'update-webhook-hubspot';

/** The dialog's content: it mounts on each opening, so the fields start from the webhook. */
function UpdateWebhookHubspotForm({
  webhook,
  onClose,
  canUpdate,
}: Omit<UpdateWebhookHubspotDialogProps, 'open'>) {
  const host = useHost();
  const { state, dispatch, check } = useForm(
    hubspotWebhookUpdateForm,
    hubspotWebhookFormOf(webhook),
  );
  const lookups = useHubspotWebhookLookups(
    {
      profileId: webhook.userProfileId,
      ownerUserId: webhook.addedBy.id,
      storedAccounts: webhook.user.userAccounts,
    },
    state,
    dispatch,
  );
  const update = useUpdateWebhook();
  const submit = () => {
    const body = check();
    if (!body) return;
    const warning = hubspotWebhookWarning(state);
    if (warning) host.notify(validationToast(warning));
    update.mutate({ params: { id: webhook.id }, body }, { onSuccess: onClose });
  };

  return (
    <EditDialogFrame
      title={TITLE}
      saving={update.isPending}
      formId={FORM_ID}
      saveLabel="Update"
      canSave={canUpdate}
      readOnlyReason={readOnlyWebhookReason}
      withCancel={false}
    >
      <form
        id={FORM_ID}
        aria-label={TITLE}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canUpdate) submit();
        }}
      >
        <HubspotWebhookInputs
          state={state}
          dispatch={dispatch}
          lookups={lookups}
          disabled={!canUpdate || update.isPending}
          inDialog
        />
      </form>
    </EditDialogFrame>
  );
}

/** spec §2 "Update dialogs": "Update Webhook HubSpot" for a HUBSPOT profile's webhook; closes on Update. */
export function UpdateWebhookHubspotDialog({
  webhook,
  open,
  onClose,
  canUpdate,
}: UpdateWebhookHubspotDialogProps) {
  return (
    <EditDialog item={webhook} open={open} onOpenChange={(next) => !next && onClose()} long>
      {(item) => (
        <UpdateWebhookHubspotForm webhook={item} onClose={onClose} canUpdate={canUpdate} />
      )}
    </EditDialog>
  );
}
