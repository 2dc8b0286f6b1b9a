import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { useOperationMutation, useOperationQuery } from 'shared/client';
import type { Webhook } from 'shared/contract';
import {
  ConfirmDialog,
  DialogLoadFailed,
  lazyWithRetry,
  QueryView,
  ScreenHeading,
  useHost,
  useNotifyFailure,
} from 'shared/ui';
import { BacklogLines } from './backlog/BacklogLines';
import { CreateWebhookSection } from './create/CreateWebhookSection';
import {
  deleteQuestion,
  hasNoWebhooks,
  webhookDeletedToast,
  webhookTableTexts,
  withoutWebhook,
} from './table/rules';
import { RegisterAgainDialog } from './table/RegisterAgainDialog';
import type { WebhookRowActions } from './table/WebhooksTable';
import { WebhooksSection } from './table/WebhooksSection';
import { WelcomeEmptyState } from './table/WelcomeEmptyState';
import { SendTestWebhookDialog } from './test-dialog/SendTestWebhookDialog';
import { othersWebhooks } from './webhook-lists';

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
  const lists = useOperationQuery('listWebhooks');
  const [dialog, setDialog] = useState<OpenWebhookDialog>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [registeringAgain, setRegisteringAgain] = useState<Webhook | null>(null);
  const remove = useOperationMutation('deleteWebhook', {
    update: [
      { query: 'listWebhooks', apply: (cached, deleted) => withoutWebhook(cached, deleted.id) },
    ],
    onSuccess: (deleted) => host.notify(webhookDeletedToast(deleted)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setConfirmOpen(false),
  });
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
      <QueryView
        query={lists}
        loading="Loading webhooks…"
        failed="The webhooks could not be loaded"
        empty={<WelcomeEmptyState />}
        isEmpty={hasNoWebhooks}
      >
        {(data) => (
          <>
            <WebhooksSection
              title={webhookTableTexts.existing}
              section="own"
              webhooks={data.webhooks}
              actions={actions}
            />
            {othersWebhooks(data).length > 0 && (
              <WebhooksSection
                title={webhookTableTexts.all}
                section="all"
                webhooks={othersWebhooks(data)}
                actions={actions}
              />
            )}
          </>
        )}
      </QueryView>
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
