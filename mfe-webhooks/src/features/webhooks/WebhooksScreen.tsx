import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { errorMessage, useOperationMutation } from 'shared/client';
import type { Webhook } from 'shared/contract';
import {
  ConfirmDialog,
  DialogLoadFailed,
  lazyWithRetry,
  LoadError,
  LoadingState,
  ScreenHeading,
  useHost,
  useNotifyFailure,
} from 'shared/ui';
import { BacklogLines } from './backlog/BacklogLines';
import { CreateWebhookSection } from './create/CreateWebhookSection';
import { deleteQuestion, webhookDeletedToast, webhookTableTexts } from './table/rules';
import { RegisterAgainDialog } from './table/RegisterAgainDialog';
import type { WebhookRowActions } from './table/WebhooksTable';
import { WebhooksSection } from './table/WebhooksSection';
import { useWebhookTable } from './table/use-webhook-table';
import { WelcomeEmptyState } from './table/WelcomeEmptyState';
import { SendTestWebhookDialog } from './test-dialog/SendTestWebhookDialog';

// the update dialogs (their forms, rules and fields) load when one first opens
const settingsLoadFailed = {
  failed: ({ onClose }: { onClose: () => void }) => (
    <DialogLoadFailed text="The webhook settings could not be loaded" onClose={onClose} />
  ),
};
const UpdateWebhookDialog = lazyWithRetry(
  () => import('./update/UpdateWebhookDialog').then((module) => module.UpdateWebhookDialog),
  settingsLoadFailed,
);
const UpdateWebhookHubspotDialog = lazyWithRetry(
  () =>
    import('./update/UpdateWebhookHubspotDialog').then(
      (module) => module.UpdateWebhookHubspotDialog,
    ),
  settingsLoadFailed,
);

/** The dialog open for one webhook: its settings (Update only where `canUpdate`) or the Send Test Webhook dialog. */
export type OpenWebhookDialog =
  | { kind: 'settings'; webhook: Webhook; canUpdate: boolean }
  | { kind: 'test'; webhook: Webhook }
  | null;

/** /admin/dashboard/webhooks (spec §2 "Webhooks screen"): the create form, "Existing webhooks" and "All webhooks". */
export function WebhooksScreen() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const own = useWebhookTable('own');
  // "All webhooks": other people's webhooks of the organization, for managers and admins (spec §6)
  const others = useWebhookTable('others', { enabled: host.user.isManagerOrAdmin });
  const [dialog, setDialog] = useState<OpenWebhookDialog>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [registeringAgain, setRegisteringAgain] = useState<Webhook | null>(null);
  const remove = useOperationMutation('deleteWebhook', {
    invalidates: ['listWebhookPage'],
    onSuccess: (deleted) => host.notify(webhookDeletedToast(deleted)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setConfirmOpen(false),
  });
  // the welcome (spec §2) when nobody has a webhook yet: none of one's own, none of others' in view
  const hasNoWebhookAtAll =
    own.query.data?.totalItems === 0 &&
    !own.searching &&
    (!host.user.isManagerOrAdmin || (others.query.data?.totalItems === 0 && !others.searching));
  const actions: WebhookRowActions = {
    onOpenSettings: (webhook, { canUpdate }) => setDialog({ kind: 'settings', webhook, canUpdate }),
    onOpenTest: (webhook) => setDialog({ kind: 'test', webhook }),
    onDelete: (webhook) => {
      setDeleting(webhook);
      setConfirmOpen(true);
    },
    onRegisterAgain: setRegisteringAgain,
  };

  return (
    <Stack gap="6">
      <ScreenHeading title={webhookTableTexts.heading} />
      <BacklogLines />
      <CreateWebhookSection />
      {own.query.isPending ? (
        <LoadingState label="Loading webhooks…" />
      ) : own.query.isError && !own.query.data ? (
        <LoadError
          title="The webhooks could not be loaded"
          message={errorMessage(own.query.error)}
          onRetry={() => void own.query.refetch()}
          retrying={own.query.isFetching}
        />
      ) : hasNoWebhookAtAll ? (
        <WelcomeEmptyState />
      ) : (
        <>
          <WebhooksSection
            title={webhookTableTexts.existing}
            section="own"
            table={own}
            actions={actions}
          />
          {host.user.isManagerOrAdmin &&
            (others.searching || others.query.data?.totalItems !== 0) && (
              <WebhooksSection
                title={webhookTableTexts.all}
                section="all"
                table={others}
                actions={actions}
              />
            )}
        </>
      )}
      {/* spec §2 "Update dialogs": "Update Webhook HubSpot" for HUBSPOT profiles, "Update Webhook" for the others */}
      {dialog?.kind === 'settings' &&
        (dialog.webhook.user.profile === 'HUBSPOT' ? (
          <UpdateWebhookHubspotDialog
            webhook={dialog.webhook}
            open
            onClose={() => setDialog(null)}
            canUpdate={dialog.canUpdate}
          />
        ) : (
          <UpdateWebhookDialog
            webhook={dialog.webhook}
            open
            onClose={() => setDialog(null)}
            canUpdate={dialog.canUpdate}
          />
        ))}
      {dialog?.kind === 'test' && (
        <SendTestWebhookDialog webhook={dialog.webhook} open onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        open={confirmOpen && deleting !== null}
        onOpenChange={setConfirmOpen}
        question={deleting ? deleteQuestion(deleting) : ''}
        warning="The platform keeps posting to its URL until the webhook is removed there too; what was already written to the CRM stays."
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        pending={remove.isPending}
      />
      <RegisterAgainDialog webhook={registeringAgain} onClose={() => setRegisteringAgain(null)} />
    </Stack>
  );
}
