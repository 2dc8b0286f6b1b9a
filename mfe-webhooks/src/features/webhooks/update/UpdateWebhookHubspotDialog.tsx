import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useOperationMutation } from 'shared/client';
import type { Webhook } from 'shared/contract';
import { hubspotWebhookFormOf, hubspotWebhookUpdateForm, hubspotWebhookWarning, validationToast } from 'shared/rules';
import { useForm, useHost, useNotifyFailure } from 'shared/ui';
import { HubspotWebhookInputs } from '../create/HubspotWebhookInputs';
import { useHubspotWebhookLookups } from '../create/use-hubspot-webhook-lookups';
import { webhookUpdatedToast, withUpdatedWebhook } from '../webhook-lists';

export interface UpdateWebhookHubspotDialogProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
  /** The Update button shows only where the user may update (spec §6); otherwise the fields are read-only. */
  canUpdate: boolean;
}

const FORM_ID = 'update-webhook-hubspot';

/** The dialog's content: it mounts on each opening, so the fields start from the webhook. */
function UpdateWebhookHubspotForm({ webhook, onClose, canUpdate }: Omit<UpdateWebhookHubspotDialogProps, 'open'>) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const { state, dispatch, check } = useForm(hubspotWebhookUpdateForm, hubspotWebhookFormOf(webhook));
  const lookups = useHubspotWebhookLookups({
    profileId: webhook.userProfileId,
    ownerUserId: webhook.addedBy.id,
    platform: state.emailService,
    apiKeyId: state.apiKeyId,
    onCategoriesFailed: () => dispatch({ field: 'apiKeyId', value: null }),
  });
  const update = useOperationMutation('updateWebhook', {
    update: [{ query: 'listWebhooks', apply: (lists, updated) => withUpdatedWebhook(lists, updated) }],
    onSuccess: () => {
      host.notify(webhookUpdatedToast);
      onClose();
    },
    // spec §8: an update failure is an Error toast with the server's message for 3 s
    onError: (error) => notifyFailure(error),
  });
  const submit = () => {
    const body = check();
    if (!body) return;
    const warning = hubspotWebhookWarning(state);
    if (warning) host.notify(validationToast(warning));
    update.mutate({ params: { id: webhook.id }, body });
  };
  // the profile's endpoints as the list answered them, until the fresh ones come
  const withAccounts = lookups.accounts.length > 0 ? lookups : { ...lookups, accounts: webhook.user.userAccounts };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Update Webhook HubSpot</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form
          id={FORM_ID}
          aria-label="Update Webhook HubSpot"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (canUpdate) submit();
          }}
        >
          <HubspotWebhookInputs state={state} dispatch={dispatch} lookups={withAccounts} disabled={!canUpdate || update.isPending} inDialog />
        </form>
      </Dialog.Body>
      {canUpdate && (
        <Dialog.Footer>
          <Button type="submit" form={FORM_ID} colorPalette="primary" loading={update.isPending} loadingText="Update" spinnerPlacement="start">
            Update
          </Button>
        </Dialog.Footer>
      )}
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </>
  );
}

/** spec §2 "Update dialogs": "Update Webhook HubSpot" for a HUBSPOT profile's webhook; closes on Update. */
export function UpdateWebhookHubspotDialog({ webhook, open, onClose, canUpdate }: UpdateWebhookHubspotDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content key={webhook.id}>
            <UpdateWebhookHubspotForm webhook={webhook} onClose={onClose} canUpdate={canUpdate} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
