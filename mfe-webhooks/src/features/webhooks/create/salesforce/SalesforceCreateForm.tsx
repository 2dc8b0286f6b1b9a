import type { Integration } from 'shared/contract';
import { FormCard, useForm } from 'shared/ui';
import { AdditionalEndpoints } from '../../endpoints/AdditionalEndpoints';
import { ApiKeyAndCategoriesFields } from '../../fields/ApiKeyAndCategoriesFields';
import { OwnerSelect } from '../../fields/OwnerSelect';
import { PlatformSelect } from '../../fields/PlatformSelect';
import { SmartleadSecretKeyField } from '../../fields/SmartleadSecretKeyField';
import { useOwnersAndAccounts } from '../../fields/use-owners-and-accounts';
import { WebhookUrlField } from '../../fields/WebhookUrlField';
import { SalesforceCustomFields } from '../../salesforce/SalesforceCustomFields';
import { SalesforceWriteFields } from '../../salesforce/SalesforceWriteFields';
import { useCreateWebhook } from '../use-create-webhook';
import { useGenerateWebhookCode } from '../use-generate-webhook-code';
import {
  asksSecretKey,
  emptySalesforceWebhookForm,
  offersApiKey,
  salesforceWebhookForm,
  webhookPlatformOptions,
} from 'shared/rules/webhooks';

export const salesforceCreateTexts = {
  title: 'Create a webhook',
  submit: 'Create Webhook',
} as const;

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
  const userProfileId = integration.id;
  const { state, dispatch, check } = useForm(
    salesforceWebhookForm,
    emptySalesforceWebhookForm(userProfileId),
  );
  const { owners, accounts } = useOwnersAndAccounts('SALESFORCE', userProfileId);
  const code = useGenerateWebhookCode((generated, webhookUrl) =>
    dispatch({ kind: 'code-generated', code: generated, webhookUrl }),
  );
  const create = useCreateWebhook(() => dispatch({ kind: 'created' }));
  const busy = create.isPending;
  const submit = () => {
    const body = check();
    if (body) create.mutate({ body });
  };

  return (
    <FormCard
      title={salesforceCreateTexts.title}
      onSubmit={submit}
      busy={busy}
      submitLabel={salesforceCreateTexts.submit}
    >
      <OwnerSelect
        owners={owners}
        value={state.selectedOwner}
        onChange={(value) => {
          dispatch({ field: 'selectedOwner', value });
          if (value) code.generate();
        }}
        disabled={busy}
      />
      <PlatformSelect
        options={webhookPlatformOptions('SALESFORCE')}
        value={state.emailService}
        onChange={(value) => {
          dispatch({ field: 'emailService', value });
          if (value) code.generate();
        }}
        disabled={busy}
      />
      {asksSecretKey(state.emailService) && (
        <SmartleadSecretKeyField
          value={state.smartleadSecretKey}
          onChange={(value) => dispatch({ field: 'smartleadSecretKey', value })}
          disabled={busy}
        />
      )}
      <SalesforceCustomFields
        userProfileId={userProfileId}
        state={state}
        dispatch={dispatch}
        disabled={busy}
      />
      {offersApiKey('SALESFORCE', state.emailService) && (
        <ApiKeyAndCategoriesFields
          ownerUserId={integration.user.ownerUserId}
          state={state}
          dispatch={dispatch}
          disabled={busy}
        />
      )}
      <SalesforceWriteFields
        userProfileId={userProfileId}
        state={state}
        dispatch={dispatch}
        disabled={busy}
      />
      <AdditionalEndpoints
        rows={state.additionalEndpoints}
        platform={state.emailService}
        accounts={accounts}
        onChange={(value) => dispatch({ field: 'additionalEndpoints', value })}
        reportDuplicate
        disabled={busy}
      />
      <WebhookUrlField
        url={state.webhookUrl}
        generating={Boolean(state.selectedOwner && state.emailService)}
      />
    </FormCard>
  );
}
