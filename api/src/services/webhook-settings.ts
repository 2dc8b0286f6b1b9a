import type { Kysely } from 'kysely';
import type { CrmType, WebhookSettingsInput } from 'shared/contract';
import {
  normalizeWebhookSettings,
  webhookPayloadProblem,
  type WebhookRuleValues,
} from 'shared/rules';
import type { Database } from '../db/schema.js';
import { forbidden, invalid, notFound } from './domain-errors.js';
import { findApiKeyRef } from '../repositories/api-key-refs.js';
import { findUserAccountsByIds } from '../repositories/user-accounts.js';
import type { WebhookEndpointInput, WebhookSettings } from '../repositories/webhooks.js';

type SelectedOwner = NonNullable<WebhookSettingsInput['selectedOwner']>;

/** The stored owner details from the form's owner (an owner without names keeps its display name). */
function ownerOf(selected: SelectedOwner): WebhookSettings['owner'] {
  const firstName = selected.firstName?.trim() ?? '';
  const lastName = selected.lastName?.trim() ?? '';
  const name = selected.name?.trim() ?? '';
  return {
    id: selected.id.trim(),
    firstName: firstName || lastName ? firstName : name,
    lastName,
    email: selected.email?.trim() ?? '',
  };
}

const fail = (field: string, message: string) => invalid(message, { [field]: message });

/**
 * Checks a create payload or update form against spec §5 for the profile's CRM type (400 with the
 * spec's text), normalizes it (spec §4 "On submit"), and checks what it points at: the API key must be
 * the webhook owner's and of the chosen platform, the additional endpoints the owner's own.
 */
export async function resolveWebhookSettings(
  db: Kysely<Database>,
  input: {
    crm: CrmType;
    ownerUserId: number;
    mode: 'create' | 'update';
    values: WebhookSettingsInput;
    selectedOwner: SelectedOwner | null;
  },
): Promise<{ settings: WebhookSettings; endpoints: WebhookEndpointInput[] }> {
  const { values } = input;
  const ruleValues: WebhookRuleValues = { ...values, selectedOwner: input.selectedOwner };
  const problem = webhookPayloadProblem(input.crm, ruleValues, input.mode);
  if (problem) throw fail(problem.field, problem.message);
  const owner = input.selectedOwner;
  const platform = values.emailService;
  if (!owner || !platform)
    throw new Error('webhookPayloadProblem let a webhook without owner or platform through');
  if (owner.id.trim() === '') throw fail('selectedOwner', 'Select Owner');

  const normalized = normalizeWebhookSettings(input.crm, { ...values, emailService: platform });
  if (normalized.apiKeyId !== null) {
    const key = await findApiKeyRef(db, normalized.apiKeyId);
    if (!key) throw notFound('API key not found');
    if (key.userId !== input.ownerUserId)
      throw forbidden("The API key must be one of the webhook owner's keys");
    if (key.platform !== platform)
      throw fail('apiKeyId', `The API key is a ${key.platform} key, not a ${platform} key`);
  }

  const rows = values.additionalEndpoints.filter((row) => row.userAccount !== null);
  const ids = rows.map((row) => row.userAccount?.id ?? 0);
  const accounts = new Map(
    (await findUserAccountsByIds(db, ids)).map((account) => [account.id, account]),
  );
  const endpoints: WebhookEndpointInput[] = [];
  for (const row of rows) {
    const account = accounts.get(row.userAccount?.id ?? 0);
    if (!account) throw notFound('Webhook endpoint not found');
    if (account.userId !== input.ownerUserId)
      throw forbidden("Additional endpoints must be the webhook owner's own webhook endpoints");
    const eventTypes = [
      ...new Set(row.eventTypes.map((type) => type.trim()).filter((type) => type !== '')),
    ];
    if (eventTypes.length === 0) throw fail('additionalEndpoints', 'Select Event Types');
    endpoints.push({ userAccountId: account.id, eventTypes });
  }

  const settings: WebhookSettings = {
    emailService: platform,
    apiKeyId: normalized.apiKeyId,
    smartleadBaseCategories: normalized.smartleadBaseCategories.map((category) => ({
      id: category.id,
      name: category.name.trim(),
    })),
    owner: ownerOf(owner),
    createOrUpdateCompany: normalized.createOrUpdateCompany,
    createOrUpdateTask: normalized.createOrUpdateTask,
    createContactCustomProperties: normalized.createContactCustomProperties,
    assignCompanyOwner: normalized.assignCompanyOwner,
    assignContactOwner: normalized.assignContactOwner,
    customTaskSubject: normalized.customTaskSubject,
    logType: normalized.logType,
    salesforceObjectType:
      input.crm === 'SALESFORCE' ? normalized.salesforceObjectType?.trim() || null : null,
    salesforceOnlyUpdate: input.crm === 'SALESFORCE' ? normalized.salesforceOnlyUpdate : false,
    salesforceCustomFieldObjects: [...new Set(normalized.salesforceCustomFieldObjects)],
    objectLookupMethod: normalized.objectLookupMethod,
    objectLookupIdField: normalized.objectLookupIdField,
    objectDefaultSearchProperty: normalized.objectDefaultSearchProperty,
    optionalAlternativeProperty: normalized.optionalAlternativeProperty,
  };
  return { settings, endpoints };
}
