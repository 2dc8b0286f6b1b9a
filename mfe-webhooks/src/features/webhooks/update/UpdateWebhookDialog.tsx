import { Stack } from '@chakra-ui/react';
import type { Webhook } from 'shared/contract';
import { EditDialog, EditDialogFrame, useForm } from 'shared/ui';
import { AdditionalEndpoints } from '../endpoints/AdditionalEndpoints';
import { ApiKeyAndCategoriesFields } from '../fields/ApiKeyAndCategoriesFields';
import { CrmPropertySelect } from '../fields/CrmPropertySelect';
import { OwnerSelect } from '../fields/OwnerSelect';
import { PlatformSelect } from '../fields/PlatformSelect';
import { SmartleadSecretKeyField } from '../fields/SmartleadSecretKeyField';
import { useOwnersAndAccounts } from '../fields/use-owners-and-accounts';
import { WebhookUrlField } from '../fields/WebhookUrlField';
import { SalesforceCustomFields } from '../salesforce/SalesforceCustomFields';
import { SalesforceWriteFields } from '../salesforce/SalesforceWriteFields';
import { useUpdateWebhook } from './use-update-webhook';
import {
  asksSecretKey,
  offersApiKey,
  webhookPlatformOptions,
  webhookUpdateForm,
  webhookUpdateFormOf,
} from 'shared/rules/webhooks';
import { readOnlyWebhookReason } from '../table/rules';

export const updateWebhookTexts = {
  title: 'Update Webhook',
  update: 'Update',
  contactSearchProperty: 'Contact Search Property',
} as const;

export interface UpdateWebhookDialogProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
  /** Whether the signed-in user may change this webhook (spec §6): without it the fields are read-only and there is no Update. */
  canUpdate: boolean;
}

/** The dialog's content; it mounts each time the dialog opens, so it starts from the webhook. */
function UpdateWebhookForm({
  webhook,
  canUpdate,
  onUpdated,
}: {
  webhook: Webhook;
  canUpdate: boolean;
  onUpdated: () => void;
}) {
  const { state, dispatch, check } = useForm(webhookUpdateForm, webhookUpdateFormOf(webhook));
  const salesforce = state.crm === 'SALESFORCE';
  const { owners, accounts } = useOwnersAndAccounts(
    state.crm,
    webhook.userProfileId,
    webhook.user.userAccounts,
  );
  const update = useUpdateWebhook();
  const readOnly = !canUpdate || update.isPending;
  const save = () => {
    const body = check();
    if (body) update.mutate({ params: { id: webhook.id }, body }, { onSuccess: onUpdated });
  };
  const platforms = webhookPlatformOptions(state.crm);
  // a platform the profile's CRM no longer offers stays listed for the webhook that has it
  const platformOptions =
    state.emailService && !platforms.some((option) => option.value === state.emailService)
      ? webhookPlatformOptions('HUBSPOT')
      : platforms;

  return (
    <EditDialogFrame
      title={updateWebhookTexts.title}
      saving={update.isPending}
      onSave={save}
      saveLabel={updateWebhookTexts.update}
      canSave={canUpdate}
      readOnlyReason={readOnlyWebhookReason}
      withCancel={false}
    >
      <Stack gap="3">
        <OwnerSelect
          owners={owners}
          value={state.selectedOwner}
          onChange={(value) => dispatch({ field: 'selectedOwner', value })}
          disabled={readOnly}
        />
        <PlatformSelect
          options={platformOptions}
          value={state.emailService}
          onChange={(value) => dispatch({ field: 'emailService', value })}
          disabled={readOnly}
        />
        {asksSecretKey(state.emailService) && (
          <SmartleadSecretKeyField
            value={state.smartleadSecretKey}
            onChange={(value) => dispatch({ field: 'smartleadSecretKey', value })}
            disabled={readOnly}
          />
        )}
        {state.emailService === 'heyreach' && (
          <CrmPropertySelect
            label={updateWebhookTexts.contactSearchProperty}
            userProfileId={webhook.userProfileId}
            value={state.objectDefaultSearchProperty}
            onChange={(value) => dispatch({ field: 'objectDefaultSearchProperty', value })}
            disabled={readOnly}
          />
        )}
        {salesforce && (
          <SalesforceCustomFields
            userProfileId={webhook.userProfileId}
            state={state}
            dispatch={dispatch}
            disabled={readOnly}
            inline
          />
        )}
        {offersApiKey(state.crm, state.emailService) && (
          <ApiKeyAndCategoriesFields
            ownerUserId={webhook.addedBy.id}
            state={state}
            dispatch={dispatch}
            disabled={readOnly}
            inline
          />
        )}
        {salesforce && (
          <SalesforceWriteFields
            userProfileId={webhook.userProfileId}
            state={state}
            dispatch={dispatch}
            disabled={readOnly}
          />
        )}
        <AdditionalEndpoints
          rows={state.additionalEndpoints}
          platform={state.emailService}
          accounts={accounts}
          onChange={(value) => dispatch({ field: 'additionalEndpoints', value })}
          disabled={readOnly}
          inline
        />
        <WebhookUrlField url={webhook.webhookUrl} />
      </Stack>
    </EditDialogFrame>
  );
}

/**
 * "Update Webhook" (spec §2 "Update dialogs"), for profiles other than HUBSPOT: the create form's
 * fields, "Contact Search Property" for heyreach and the SALESFORCE-only fields; Update (where the user
 * may) saves, replaces the webhook in both lists, says "Webhook has been updated" and closes.
 */
export function UpdateWebhookDialog({
  webhook,
  open,
  onClose,
  canUpdate,
}: UpdateWebhookDialogProps) {
  return (
    <EditDialog item={webhook} open={open} onOpenChange={(next) => !next && onClose()} long>
      {(item) => <UpdateWebhookForm webhook={item} canUpdate={canUpdate} onUpdated={onClose} />}
    </EditDialog>
  );
}
