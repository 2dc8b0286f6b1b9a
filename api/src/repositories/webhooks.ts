import type { Kysely, Transaction } from 'kysely';
import type {
  ObjectLookupMethod,
  OptionalAlternativeProperty,
  SmartleadBaseCategory,
} from 'shared/contract';
import {
  objectLookupMethod,
  optionalAlternativeProperty,
  smartleadBaseCategory,
} from 'shared/contract';
import { z } from 'zod';
import { fromFlag, toFlag, type CrmType, type Database, type Platform } from '../db/schema.js';
import { readJson, writeJson } from './json-text.js';
import { organizationMembers, type OwnerScope } from './owner-scope.js';
import type { PlatformRegistrationRecord } from './webhook-platform-registrations.js';

/** The settings a webhook form saves (after normalizeWebhookSettings). */
export interface WebhookSettings {
  emailService: Platform;
  apiKeyId: number | null;
  smartleadBaseCategories: SmartleadBaseCategory[];
  owner: { id: string; firstName: string; lastName: string; email: string };
  createOrUpdateCompany: boolean;
  createOrUpdateTask: boolean;
  createContactCustomProperties: boolean;
  assignCompanyOwner: boolean;
  assignContactOwner: boolean;
  customTaskSubject: string | null;
  logType: 0 | 1 | null;
  salesforceObjectType: string | null;
  salesforceOnlyUpdate: boolean;
  salesforceCustomFieldObjects: string[];
  objectLookupMethod: ObjectLookupMethod | null;
  objectLookupIdField: string | null;
  objectDefaultSearchProperty: string | null;
  optionalAlternativeProperty: OptionalAlternativeProperty | null;
}

export interface WebhookEndpointInput {
  userAccountId: number;
  eventTypes: string[];
}

export interface WebhookEndpointRecord {
  id: number;
  userAccount: { id: number; url: string; description: string };
  eventTypes: string[];
}

export interface WebhookRecord extends WebhookSettings {
  id: number;
  userProfileId: number;
  /** The owner: the profile's user. */
  userId: number;
  ownerOrganizationId: number | null;
  ownerUserEmail: string;
  code: string;
  createdAt: string;
  updatedAt: string;
  profile: {
    id: number;
    email: string;
    crm: CrmType;
    organizationId: string;
    organizationDomain: string | null;
    settingsDomain: string | null;
  };
  endpoints: WebhookEndpointRecord[];
  /** What "Register on {platform}" last made of it, null before the first (webhook-platform-registrations.ts). */
  platformRegistration: PlatformRegistrationRecord | null;
  /** Whether its Smartlead posts must carry a secret key (the sealed key is read by the receiver only). */
  hasSmartleadSecretKey: boolean;
}

const stringList = z.array(z.string());

/** Webhooks with their owner's and profile's columns (a WebhookRow each), in no order. */
export function selectWebhooks(db: Kysely<Database>) {
  return db
    .selectFrom('webhooks')
    .innerJoin('user_profiles', 'user_profiles.id', 'webhooks.user_profile_id')
    .innerJoin('users', 'users.id', 'webhooks.user_id')
    .leftJoin(
      'salesforce_settings',
      'salesforce_settings.id',
      'user_profiles.salesforce_setting_id',
    )
    .selectAll('webhooks')
    .select([
      'users.email as owner_user_email',
      'users.organization_id as owner_organization_id',
      'user_profiles.email as profile_email',
      'user_profiles.crm as profile_crm',
      'user_profiles.organization_id as profile_organization_id',
      'user_profiles.organization_domain as profile_organization_domain',
      'salesforce_settings.domain as settings_domain',
    ]);
}

export type WebhookRow = Awaited<
  ReturnType<ReturnType<typeof selectWebhooks>['executeTakeFirstOrThrow']>
>;

function toRecord(row: WebhookRow, endpoints: WebhookEndpointRecord[]): WebhookRecord {
  const method = objectLookupMethod.safeParse(row.object_lookup_method);
  return {
    id: row.id,
    userProfileId: row.user_profile_id,
    userId: row.user_id,
    ownerOrganizationId: row.owner_organization_id,
    ownerUserEmail: row.owner_user_email,
    code: row.code,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    profile: {
      id: row.user_profile_id,
      email: row.profile_email,
      crm: row.profile_crm,
      organizationId: row.profile_organization_id,
      organizationDomain: row.profile_organization_domain,
      settingsDomain: row.settings_domain,
    },
    emailService: row.email_service,
    apiKeyId: row.api_key_id,
    smartleadBaseCategories: readJson(
      row.smartlead_base_categories,
      z.array(smartleadBaseCategory),
      [],
    ),
    owner: {
      id: row.owner_id,
      firstName: row.owner_first_name,
      lastName: row.owner_last_name,
      email: row.owner_email,
    },
    createOrUpdateCompany: fromFlag(row.create_or_update_company),
    createOrUpdateTask: fromFlag(row.create_or_update_task),
    createContactCustomProperties: fromFlag(row.create_contact_custom_properties),
    assignCompanyOwner: fromFlag(row.assign_company_owner),
    assignContactOwner: fromFlag(row.assign_contact_owner),
    customTaskSubject: row.custom_task_subject,
    logType: row.log_type === 0 || row.log_type === 1 ? row.log_type : null,
    salesforceObjectType: row.salesforce_object_type,
    salesforceOnlyUpdate: fromFlag(row.salesforce_only_update),
    salesforceCustomFieldObjects: readJson(row.salesforce_custom_field_objects, stringList, []),
    objectLookupMethod: method.success ? method.data : null,
    objectLookupIdField: row.object_lookup_id_field,
    objectDefaultSearchProperty: row.object_default_search_property,
    optionalAlternativeProperty: readJson(
      row.optional_alternative_property,
      optionalAlternativeProperty.nullable(),
      null,
    ),
    endpoints,
    platformRegistration:
      row.platform_registered_at === null
        ? null
        : {
            registeredAt: row.platform_registered_at,
            platformWebhookIds: readJson(row.platform_webhook_ids, stringList, []),
          },
    hasSmartleadSecretKey: row.smartlead_secret_key !== null,
  };
}

async function endpointsOf(
  db: Kysely<Database>,
  webhookIds: number[],
): Promise<Map<number, WebhookEndpointRecord[]>> {
  const byWebhook = new Map<number, WebhookEndpointRecord[]>();
  if (webhookIds.length === 0) return byWebhook;
  const rows = await db
    .selectFrom('webhook_additional_endpoints')
    .innerJoin('user_accounts', 'user_accounts.id', 'webhook_additional_endpoints.user_account_id')
    .select([
      'webhook_additional_endpoints.id',
      'webhook_additional_endpoints.webhook_id',
      'webhook_additional_endpoints.event_types',
      'user_accounts.id as user_account_id',
      'user_accounts.url',
      'user_accounts.description',
    ])
    .where('webhook_additional_endpoints.webhook_id', 'in', webhookIds)
    .orderBy('webhook_additional_endpoints.id')
    .execute();
  for (const row of rows) {
    const list = byWebhook.get(row.webhook_id) ?? [];
    list.push({
      id: row.id,
      userAccount: { id: row.user_account_id, url: row.url, description: row.description },
      eventTypes: readJson(row.event_types, stringList, []),
    });
    byWebhook.set(row.webhook_id, list);
  }
  return byWebhook;
}

/** The records of webhook rows, each with its additional endpoints. */
export async function withEndpoints(
  db: Kysely<Database>,
  rows: WebhookRow[],
): Promise<WebhookRecord[]> {
  const endpoints = await endpointsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toRecord(row, endpoints.get(row.id) ?? []));
}

/** Oldest first; only those of the scope when it is given. */
export async function listWebhooks(
  db: Kysely<Database>,
  scope?: OwnerScope,
): Promise<WebhookRecord[]> {
  let query = selectWebhooks(db).orderBy('webhooks.id');
  if (scope)
    query =
      scope.kind === 'own'
        ? query.where('webhooks.user_id', '=', scope.userId)
        : query.where('webhooks.user_id', 'in', organizationMembers(db, scope.organizationId));
  return withEndpoints(db, await query.execute());
}

export async function findWebhook(
  db: Kysely<Database>,
  id: number,
): Promise<WebhookRecord | undefined> {
  const row = await selectWebhooks(db).where('webhooks.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [record] = await withEndpoints(db, [row]);
  return record;
}

function settingsColumns(settings: WebhookSettings) {
  return {
    email_service: settings.emailService,
    api_key_id: settings.apiKeyId,
    smartlead_base_categories: writeJson(settings.smartleadBaseCategories),
    owner_id: settings.owner.id,
    owner_first_name: settings.owner.firstName,
    owner_last_name: settings.owner.lastName,
    owner_email: settings.owner.email,
    create_or_update_company: toFlag(settings.createOrUpdateCompany),
    create_or_update_task: toFlag(settings.createOrUpdateTask),
    create_contact_custom_properties: toFlag(settings.createContactCustomProperties),
    assign_company_owner: toFlag(settings.assignCompanyOwner),
    assign_contact_owner: toFlag(settings.assignContactOwner),
    custom_task_subject: settings.customTaskSubject,
    log_type: settings.logType,
    salesforce_object_type: settings.salesforceObjectType,
    salesforce_only_update: toFlag(settings.salesforceOnlyUpdate),
    salesforce_custom_field_objects: writeJson(settings.salesforceCustomFieldObjects),
    object_lookup_method: settings.objectLookupMethod,
    object_lookup_id_field: settings.objectLookupIdField,
    object_default_search_property: settings.objectDefaultSearchProperty,
    optional_alternative_property:
      settings.optionalAlternativeProperty === null
        ? null
        : writeJson(settings.optionalAlternativeProperty),
  };
}

async function replaceEndpoints(
  trx: Transaction<Database>,
  webhookId: number,
  endpoints: WebhookEndpointInput[],
  now: string,
): Promise<void> {
  await trx
    .deleteFrom('webhook_additional_endpoints')
    .where('webhook_id', '=', webhookId)
    .execute();
  if (endpoints.length === 0) return;
  await trx
    .insertInto('webhook_additional_endpoints')
    .values(
      endpoints.map((endpoint) => ({
        webhook_id: webhookId,
        user_account_id: endpoint.userAccountId,
        event_types: writeJson(endpoint.eventTypes),
        created_at: now,
      })),
    )
    .execute();
}

export interface NewWebhook {
  userProfileId: number;
  userId: number;
  code: string;
  settings: WebhookSettings;
  endpoints: WebhookEndpointInput[];
  /** The Smartlead secret key its posts must carry, sealed; null or left out: none. */
  sealedSecretKey?: string | null;
}

/** Inserts the webhook and its endpoints in the caller's transaction; answers its id. */
export async function insertWebhook(
  trx: Transaction<Database>,
  input: NewWebhook,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const { id } = await trx
    .insertInto('webhooks')
    .values({
      user_profile_id: input.userProfileId,
      user_id: input.userId,
      code: input.code,
      created_at: at,
      updated_at: at,
      ...settingsColumns(input.settings),
      smartlead_secret_key: input.sealedSecretKey ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceEndpoints(trx, id, input.endpoints, at);
  return id;
}

/** Replaces a webhook's settings and endpoints, and its sealed secret key unless it is undefined; false when it is gone. */
export async function updateWebhook(
  db: Kysely<Database>,
  id: number,
  settings: WebhookSettings,
  endpoints: WebhookEndpointInput[],
  now: Date,
  sealedSecretKey?: string | null,
): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('webhooks')
      .set({
        ...settingsColumns(settings),
        ...(sealedSecretKey === undefined ? {} : { smartlead_secret_key: sealedSecretKey }),
        updated_at: at,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await replaceEndpoints(trx, id, endpoints, at);
    return true;
  });
}

export async function deleteWebhook(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
