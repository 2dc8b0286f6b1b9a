import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useOperationMutation, useOperationQuery } from 'shared/client';
import type { Webhook } from 'shared/contract';
import { offersApiKey, toPlatform, webhookPlatformOptions, webhookUpdateForm, webhookUpdateFormOf } from 'shared/rules';
import { useForm, useHost, useNotifyFailure } from 'shared/ui';
import { AdditionalEndpoints } from '../endpoints/AdditionalEndpoints';
import { ApiKeyAndCategories } from '../fields/ApiKeyAndCategories';
import { CrmPropertySelect } from '../fields/CrmPropertySelect';
import { OwnerSelect } from '../fields/OwnerSelect';
import { SelectField } from '../fields/SelectField';
import { useFailureToast } from '../create/use-failure-toast';
import { WebhookUrlField } from '../fields/WebhookUrlField';
import { SalesforceCustomFields } from '../salesforce/SalesforceCustomFields';
import { SalesforceWriteFields } from '../salesforce/SalesforceWriteFields';
import { webhookUpdatedToast, withUpdatedWebhook } from '../webhook-lists';

export const updateWebhookTexts = { title: 'Update Webhook', update: 'Update', contactSearchProperty: 'Contact Search Property' } as const;

export interface UpdateWebhookDialogProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
  /** Whether the signed-in user may change this webhook (spec §6): without it the fields are read-only and there is no Update. */
  canUpdate: boolean;
}

/** The dialog's content; it mounts each time the dialog opens, so it starts from the webhook. */
function UpdateWebhookForm({ webhook, canUpdate, onUpdated }: { webhook: Webhook; canUpdate: boolean; onUpdated: () => void }) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const { state, dispatch, check } = useForm(webhookUpdateForm, webhookUpdateFormOf(webhook));
  const salesforce = state.crm === 'SALESFORCE';
  const profileParams = { params: { userId: webhook.userProfileId } };
  const salesforceOwners = useOperationQuery('getSalesforceUserAccounts', profileParams, { enabled: salesforce });
  const hubspotOwners = useOperationQuery('getHubspotOwnersAndUserAccounts', profileParams, { enabled: !salesforce });
  const owners = salesforce ? salesforceOwners : hubspotOwners;
  useFailureToast(owners.error);
  const update = useOperationMutation('updateWebhook', {
    update: [{ query: 'listWebhooks', apply: withUpdatedWebhook }],
    onSuccess: () => host.notify(webhookUpdatedToast),
    onError: (error) => notifyFailure(error),
  });
  const readOnly = !canUpdate || update.isPending;
  const save = () => {
    const body = check();
    // closing goes with this call: it only happens while this dialog is still the open one
    if (body) update.mutate({ params: { id: webhook.id }, body }, { onSuccess: onUpdated });
  };
  const platforms = webhookPlatformOptions(state.crm);
  // a platform the profile's CRM no longer offers stays listed for the webhook that has it
  const platformOptions = state.emailService && !platforms.some((option) => option.value === state.emailService) ? webhookPlatformOptions('HUBSPOT') : platforms;

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{updateWebhookTexts.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <OwnerSelect owners={owners.data?.owners ?? []} value={state.selectedOwner} onChange={(value) => dispatch({ field: 'selectedOwner', value })} disabled={readOnly} />
          <SelectField
            label="Sales Engagement Platform"
            placeholder="Select Sales Engagement Platform"
            value={state.emailService ?? ''}
            options={platformOptions}
            onChange={(text) => dispatch({ field: 'emailService', value: toPlatform(text) })}
            disabled={readOnly}
          />
          {state.emailService === 'heyreach' && (
            <CrmPropertySelect
              label={updateWebhookTexts.contactSearchProperty}
              userProfileId={webhook.userProfileId}
              value={state.objectDefaultSearchProperty}
              onChange={(value) => dispatch({ field: 'objectDefaultSearchProperty', value })}
              disabled={readOnly}
            />
          )}
          {salesforce && <SalesforceCustomFields userProfileId={webhook.userProfileId} state={state} dispatch={dispatch} disabled={readOnly} inline />}
          {state.emailService && offersApiKey(state.crm, state.emailService) && (
            <ApiKeyAndCategories
              ownerUserId={webhook.addedBy.id}
              platform={state.emailService}
              apiKeyId={state.apiKeyId}
              categories={state.smartleadBaseCategories}
              onApiKeyChange={(value) => dispatch({ field: 'apiKeyId', value })}
              onCategoriesChange={(value) => dispatch({ field: 'smartleadBaseCategories', value })}
              onCategoriesFailed={() => dispatch({ kind: 'categories-failed' })}
              disabled={readOnly}
              inline
            />
          )}
          {salesforce && <SalesforceWriteFields userProfileId={webhook.userProfileId} state={state} dispatch={dispatch} disabled={readOnly} />}
          <AdditionalEndpoints
            rows={state.additionalEndpoints}
            platform={state.emailService}
            accounts={owners.data?.userAccounts ?? webhook.user.userAccounts}
            onChange={(value) => dispatch({ field: 'additionalEndpoints', value })}
            disabled={readOnly}
            inline
          />
          <WebhookUrlField url={webhook.webhookUrl} />
        </Stack>
      </Dialog.Body>
      {canUpdate && (
        <Dialog.Footer>
          <Button colorPalette="primary" onClick={save} loading={update.isPending} loadingText={updateWebhookTexts.update} spinnerPlacement="start">
            {updateWebhookTexts.update}
          </Button>
        </Dialog.Footer>
      )}
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </>
  );
}

/**
 * "Update Webhook" (spec §2 "Update dialogs"), for profiles other than HUBSPOT: the create form's
 * fields, "Contact Search Property" for heyreach and the SALESFORCE-only fields; Update (where the user
 * may) saves, replaces the webhook in both lists, says "Webhook has been updated" and closes.
 */
export function UpdateWebhookDialog({ webhook, open, onClose, canUpdate }: UpdateWebhookDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <UpdateWebhookForm key={webhook.id} webhook={webhook} canUpdate={canUpdate} onUpdated={onClose} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
