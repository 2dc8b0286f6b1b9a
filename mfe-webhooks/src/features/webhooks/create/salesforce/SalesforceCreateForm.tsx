import { useOperationMutation, useOperationQuery } from 'shared/client';
import type { Integration } from 'shared/contract';
import { emptySalesforceWebhookForm, offersApiKey, PERSISTENT, salesforceWebhookForm, toPlatform, webhookPlatformOptions } from 'shared/rules';
import { FormCard, useForm, useHost, useNotifyFailure } from 'shared/ui';
import { AdditionalEndpoints } from '../../endpoints/AdditionalEndpoints';
import { ApiKeyAndCategories } from '../../fields/ApiKeyAndCategories';
import { OwnerSelect } from '../../fields/OwnerSelect';
import { SelectField } from '../../fields/SelectField';
import { useFailureToast } from '../use-failure-toast';
import { WebhookUrlField } from '../../fields/WebhookUrlField';
import { SalesforceCustomFields } from '../../salesforce/SalesforceCustomFields';
import { SalesforceWriteFields } from '../../salesforce/SalesforceWriteFields';
import { webhookCreatedToast, withCreatedWebhook } from '../../webhook-lists';
import { useGenerateWebhookCode } from '../use-generate-webhook-code';

export const salesforceCreateTexts = { title: 'Create a webhook', submit: 'Create Webhook' } as const;

export interface SalesforceCreateFormProps {
  /** The SALESFORCE profile picked in "Select Profile". */
  integration: Integration;
}

/**
 * spec §2 "SALESFORCE create form" for one profile: owner and platform (each pick brings a new code
 * and URL), custom fields with Create Fields, API key and categories (smartlead, instantly), how the
 * webhook writes, Additional Endpoints, the read-only Webhook URL and Create Webhook. A created webhook joins the lists.
 */
export function SalesforceCreateForm({ integration }: SalesforceCreateFormProps) {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const userProfileId = integration.id;
  const { state, dispatch, check } = useForm(salesforceWebhookForm, emptySalesforceWebhookForm(userProfileId));
  const ownersAndAccounts = useOperationQuery('getSalesforceUserAccounts', { params: { userId: userProfileId } });
  useFailureToast(ownersAndAccounts.error);
  const generateCode = useGenerateWebhookCode((code, webhookUrl) => dispatch({ kind: 'code-generated', code, webhookUrl }));
  const create = useOperationMutation('createWebhook', {
    update: [{ query: 'listWebhooks', apply: (lists, created) => withCreatedWebhook(lists, created, host.user.isManagerOrAdmin) }],
    onSuccess: () => {
      dispatch({ kind: 'created' });
      host.notify(webhookCreatedToast);
    },
    // spec §8: a create failure stays until dismissed
    onError: (error) => notifyFailure(error, { life: PERSISTENT }),
  });
  const busy = create.isPending;
  const submit = () => {
    const body = check();
    if (body) create.mutate({ body });
  };

  return (
    <FormCard title={salesforceCreateTexts.title} onSubmit={submit} busy={busy} submitLabel={salesforceCreateTexts.submit}>
      <OwnerSelect
        owners={ownersAndAccounts.data?.owners ?? []}
        value={state.selectedOwner}
        onChange={(value) => {
          dispatch({ field: 'selectedOwner', value });
          if (value) generateCode();
        }}
        disabled={busy}
      />
      <SelectField
        label="Sales Engagement Platform"
        placeholder="Select Sales Engagement Platform"
        value={state.emailService ?? ''}
        options={webhookPlatformOptions('SALESFORCE')}
        onChange={(text) => {
          const value = toPlatform(text);
          dispatch({ field: 'emailService', value });
          if (value) generateCode();
        }}
        disabled={busy}
      />
      <SalesforceCustomFields userProfileId={userProfileId} state={state} dispatch={dispatch} disabled={busy} />
      {state.emailService && offersApiKey('SALESFORCE', state.emailService) && (
        <ApiKeyAndCategories
          ownerUserId={integration.user.ownerUserId}
          platform={state.emailService}
          apiKeyId={state.apiKeyId}
          categories={state.smartleadBaseCategories}
          onApiKeyChange={(value) => dispatch({ field: 'apiKeyId', value })}
          onCategoriesChange={(value) => dispatch({ field: 'smartleadBaseCategories', value })}
          onCategoriesFailed={() => dispatch({ kind: 'categories-failed' })}
          disabled={busy}
        />
      )}
      <SalesforceWriteFields userProfileId={userProfileId} state={state} dispatch={dispatch} disabled={busy} />
      <AdditionalEndpoints
        rows={state.additionalEndpoints}
        platform={state.emailService}
        accounts={ownersAndAccounts.data?.userAccounts ?? []}
        onChange={(value) => dispatch({ field: 'additionalEndpoints', value })}
        reportDuplicate
        disabled={busy}
      />
      <WebhookUrlField url={state.webhookUrl} />
    </FormCard>
  );
}
