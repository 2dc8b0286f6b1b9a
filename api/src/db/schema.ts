import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { webhookEventStates } from 'shared/contract';

/**
 * The tables, as kysely sees them. Flags are stored as integers 0/1 so the same columns work on
 * SQLite and PostgreSQL; times are ISO-8601 texts in UTC (they sort as they compare).
 */
export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  domain: string | null;
  is_paid_tier: number;
}

export type UserRole = 'ADMIN' | 'MANAGER';

export interface UsersTable {
  id: Generated<number>;
  /** The OpenID Connect subject of the user's sign-in. */
  account_id: string;
  email: string;
  nickname: string;
  picture: string;
  role: UserRole | null;
  organization_id: number | null;
  can_webhook: number;
  can_user_account: number;
  can_block_list: number;
  created_at: string;
}

export interface SessionsTable {
  /** sha256 (hex) of the random token kept in the session cookie. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** The accounts of the embedded identity provider (not used with a hosted issuer). */
export interface IdentityAccountsTable {
  subject: string;
  email: string;
  password_hash: string;
  name: string;
  nickname: string;
  picture: string;
}

/** Which user a sign-in at an issuer is: one user per (issuer, subject), at most one subject per user and issuer. */
export interface SignInLinksTable {
  issuer: string;
  subject: string;
  user_id: number;
  created_at: string;
}

/** A one-time link that sets an embedded account's password (`npm run create-admin`). */
export interface PasswordSetupTokensTable {
  /** sha256 (hex) of the token in the link. */
  id: string;
  subject: string;
  created_at: string;
  expires_at: string;
}

/** One stored model of the embedded identity provider (oidc-provider's adapter). Times are epoch seconds. */
export interface OidcModelsTable {
  kind: string;
  /** sha256 (hex) of the model's id: ids are bearer values (codes, tokens, session ids). Same for the three below. */
  id: string;
  /** The model's payload as JSON, sealed with the secret box. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export type CrmType = 'HUBSPOT' | 'SALESFORCE';
export type Platform = 'smartlead' | 'instantly' | 'bison' | 'heyreach';

export interface SalesforceSettingsTable {
  id: Generated<number>;
  user_id: number;
  /** https://… My Domain of the org. */
  domain: string;
  consumer_key: string;
  consumer_secret_enc: string;
  created_at: string;
}

/** A CRM connection of a dashboard user (spec: "integration", "user profile"). */
export interface UserProfilesTable {
  id: Generated<number>;
  user_id: number;
  crm: CrmType;
  /** The CRM-side user id (HubSpot user id, Salesforce user id). */
  account_id: string;
  /** HubSpot hub id, Salesforce org id. */
  organization_id: string;
  /** HubSpot hub domain, Salesforce My Domain host. */
  organization_domain: string | null;
  email: string;
  first_name: string;
  last_name: string;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  token_expires_at: string | null;
  /** Salesforce REST base, e.g. https://acme.my.salesforce.com. */
  instance_url: string | null;
  salesforce_setting_id: number | null;
  status: 'CONNECTED' | 'DISCONNECTED';
  created_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_profile_id: number;
  /** Who created it (its owner). */
  user_id: number;
  platform: Platform;
  api_key_enc: string;
  description: string;
  /** bison only: the instance base URL. */
  base_url: string | null;
  /** null until checked. */
  is_valid: number | null;
  created_at: string;
}

export interface LeadCategoriesTable {
  id: Generated<number>;
  api_key_id: number;
  category_id: string;
  name: string;
  user_profile_id: number | null;
  created_at: string;
}

/** A webhook endpoint (spec: "user account"): an outside URL that receives forwarded events. */
export interface UserAccountsTable {
  id: Generated<number>;
  user_profile_id: number;
  /** The owner: the profile's user. */
  user_id: number;
  url: string;
  description: string;
  created_at: string;
  /** The Standard Webhooks signing secret (`whsec_…`), sealed; null until first needed for endpoints made before it existed. */
  signing_secret: string | null;
}

/** A code handed out by POST /api/admin/webhooks/generate; used_at is set when a webhook takes it. */
export interface WebhookCodesTable {
  id: Generated<number>;
  code: string;
  user_id: number;
  created_at: string;
  used_at: string | null;
}

export interface WebhooksTable {
  id: Generated<number>;
  user_profile_id: number;
  /** The owner: the profile's user. */
  user_id: number;
  code: string;
  email_service: Platform;
  api_key_id: number | null;
  /** JSON: [{ id, name }]. */
  smartlead_base_categories: string;
  /** The CRM owner chosen in the form (HubSpot owner id, Salesforce user id). */
  owner_id: string;
  owner_first_name: string;
  owner_last_name: string;
  owner_email: string;
  create_or_update_company: number;
  create_or_update_task: number;
  create_contact_custom_properties: number;
  assign_company_owner: number;
  assign_contact_owner: number;
  custom_task_subject: string | null;
  log_type: number | null;
  salesforce_object_type: string | null;
  salesforce_only_update: number;
  /** JSON: string[]. */
  salesforce_custom_field_objects: string;
  object_lookup_method: string | null;
  object_lookup_id_field: string | null;
  object_default_search_property: string | null;
  /** JSON: { email?, profile_url?, os_objectlookup_id? } or null. */
  optional_alternative_property: string | null;
  /** When "Register on {platform}" last registered it (null: never). */
  platform_registered_at: string | null;
  /** JSON: string[], the platform's ids of what that registration created (null while it runs). */
  platform_webhook_ids: string | null;
  /** The secret key its Smartlead posts must carry (`secret_key`), sealed with the secret box; null: none. */
  smartlead_secret_key: string | null;
  created_at: string;
  updated_at: string;
}

/** An additional endpoint of a webhook: a user account and the event types forwarded to it. */
export interface WebhookAdditionalEndpointsTable {
  id: Generated<number>;
  webhook_id: number;
  user_account_id: number;
  /** JSON: string[]. */
  event_types: string;
  created_at: string;
}

export interface BlockListsTable {
  id: Generated<number>;
  user_profile_id: number;
  /** The owner: the profile's user. */
  user_id: number;
  api_key_id: number;
  crm: CrmType;
  /** HubSpot list id, or the Salesforce list identifier. */
  list_id: string;
  list_name: string;
  list_type: 'CONTACT_LIST' | 'COMPANY_LIST' | null;
  block_type: 'ADDRESS' | 'DOMAIN';
  client_id: string | null;
  client_email: string | null;
  use_domain_for_non_latin: number;
  /** JSON: string[] (HeyReach). */
  profile_url_field_names: string;
  heyreach_list_id: string | null;
  /** JSON: string[] (Salesforce). */
  fields: string;
  is_enabled: number;
  status: string;
  last_fetched_at: string | null;
  last_attempted_at: string | null;
  last_error: string | null;
  last_smartlead_error: string | null;
  count_items_synced: number;
  count_items_not_synced: number;
  created_at: string;
}

export interface BlockListLogsTable {
  id: Generated<number>;
  block_list_id: number;
  user_id: number;
  /** The blocked email, domain or profile URL, lowercased. */
  entity: string;
  /** JSON object. */
  entity_details: string;
  synced_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** What the block-list sync pushed (migration 018). */
export interface BlockListEntriesTable {
  id: Generated<number>;
  block_list_id: number;
  /** The email, domain or profile URL, as pushed. */
  entry: string;
  state: 'synced' | 'refused';
  reason: string | null;
  pushed_at: string;
  /** When it left the CRM list (it stays in the platform). */
  removed_at: string | null;
}

export interface WebhookLogsTable {
  id: Generated<number>;
  /** The webhook's owner. */
  user_id: number;
  user_profile_id: number | null;
  webhook_id: number | null;
  webhook_url: string | null;
  hub_id: string | null;
  event_type: string | null;
  /** The lead's email, lowercased. */
  email: string | null;
  /** JSON: { path, payload }. */
  payload: string;
  /** JSON: { errors: string[] }. */
  results: string;
  /** When it was received. */
  created_at: string;
  platform: Platform | null;
  state: Generated<WebhookEventState>;
  /** Same for a platform's retries and duplicates of one event (unique per webhook); null for tests and refusals. */
  dedupe_key: string | null;
  /** Copies of the event received after the first. */
  duplicates: Generated<number>;
  /** 0/1: posted to the test URL. */
  is_test: Generated<number>;
  /** The body exactly as received: the event is read (normalised) from it again when needed. */
  raw_body: string | null;
  /** JSON: the request headers that matter. */
  headers: Generated<string>;
  /** The queue's ordering key: one lead of one CRM profile. */
  lead_key: string | null;
  processed_at: string | null;
}

/** queued: waiting for its job; processed / failed: its job ran; refused: not taken (webhook deleted, owner without the permission); invalid: not JSON. */
/** waiting: its CRM profile must be connected again; held: the category-based filter keeps it until the lead gets an allowed category; expired: held too long. */
export type WebhookEventState = (typeof webhookEventStates)[number];

/** One event on its way to one additional endpoint. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_log_id: number;
  webhook_id: number | null;
  user_account_id: number | null;
  /** The endpoint's URL when the event arrived. */
  url: string;
  state: DeliveryState;
  attempts: Generated<number>;
  replays: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

/** pending: an attempt is due; delivered: a 2xx; failed: a 4xx that retrying cannot fix; stopped: a 410; dead: every attempt failed. */
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'dead' | 'stopped';

/** A processing step run or a delivery attempt made. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  webhook_log_id: number;
  delivery_id: number | null;
  kind: 'process' | 'forward';
  attempt: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  /** The first 1 KB of the answer. */
  answer: string | null;
  error: string | null;
  outcome: string;
}

export interface CategoryBaseFilterLogsTable {
  id: Generated<number>;
  user_id: number;
  webhook_id: number | null;
  webhook_url: string | null;
  webhook_event: string | null;
  campaign_id: string | null;
  lead_id: string | null;
  /** JSON: string[] (category names). */
  smartlead_base_categories: string;
  category_name: string | null;
  /** JSON: { subject, to_email, from_email, event_type }. */
  dto: string;
  created_at: string;
  sent_at: string | null;
  /** What the category-based filter did (migration 010); null on older rows. */
  action: CategoryFilterAction | null;
  /** The event the row is about. */
  webhook_log_id: number | null;
  /** The lead within the CRM profile (webhook_logs.lead_key): what holds and releases match on. */
  lead_key: string | null;
}

/** One fixed window of a rate limit shared by every process (migration 011): "<key>@<window index>". */
/** What the HubSpot writer last knew of a record found by `lookup` ("property=value"; companies "company:domain=…"): its id and the properties it reads (JSON). */
export interface CrmRecordMemosTable {
  user_profile_id: number;
  lookup: string;
  record_id: string;
  properties: string;
  /** 1: the writer created the record, so a property not in `properties` is empty. */
  complete: number;
  updated_at: string;
}

/** A CRM org's daily API allocation as its last answer reported it (Salesforce's Sforce-Limit-Info). */
export interface ApiAllocationsTable {
  key: string;
  used: number;
  allowed: number;
  reported_at: string;
}

/** A shared rate limit's pacing: when its next call may go (epoch ms), and the slot the last call took (-1: refused). */
export interface RateLimitPacingTable {
  key: string;
  next_at_ms: number;
  last_slot_ms: number;
}

/** held: an event kept back; released: a held event sent on; allowed / dropped: a category event with an allowed / other category; expired: held too long. */
export type CategoryFilterAction = 'held' | 'released' | 'allowed' | 'dropped' | 'expired';

/** The SQLite engine's job queue (api/src/jobs/sql-queue-engine.ts). */
export interface JobsTable {
  id: Generated<number>;
  queue: string;
  /** JSON. */
  data: string;
  /** `waiting`: sent behind an older job that holds its ordering key, out of the claim's search until one of its key finishes. */
  state: 'created' | 'waiting' | 'retry' | 'active' | 'completed' | 'failed';
  idempotency_key: string | null;
  ordering_key: string | null;
  /** The lane: of a queue's due jobs, a higher one is claimed first. */
  priority: Generated<number>;
  attempts: Generated<number>;
  retry_limit: number;
  backoff_base_ms: number;
  backoff_max_ms: number;
  visibility_timeout_ms: number;
  /** Epoch milliseconds. */
  run_after_ms: number;
  /** Epoch milliseconds: the lease of an active job. */
  locked_until_ms: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A secret every process of a deployment shares (sign-in keys), sealed with ENCRYPTION_KEY. */
export interface DeploymentSecretsTable {
  name: string;
  sealed: string;
  created_at: string;
}

export interface EmbedKeysTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: number | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A published build of a remote: immutable once written (issue 57). */
export interface ReleaseVersionsTable {
  id: Generated<number>;
  area: string;
  version: string;
  manifest_url: string;
  /** JSON: the build's shared requirements (name, requiredVersion, singleton). */
  shared_requirements: string;
  /** JSON: the contract operations the build calls. */
  operations: string;
  published_by: string;
  published_at: string;
  /** Pages that could not load this version and ran the previous good one. */
  fallbacks: Generated<number>;
  /** The host contract range the build needs; null for a build from before ranges. */
  host_contract: string | null;
}

/** What an area runs: its live version and, for a share of users, a canary. */
export interface ReleaseAreasTable {
  area: string;
  live_version: string | null;
  canary_version: string | null;
  canary_percent: number | null;
}

/** Each activation, rollback and canary change: who and when. */
export interface ReleaseEventsTable {
  id: Generated<number>;
  area: string;
  action: string;
  version: string;
  actor: string;
  at: string;
}

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  identity_accounts: IdentityAccountsTable;
  oidc_models: OidcModelsTable;
  sign_in_links: SignInLinksTable;
  password_setup_tokens: PasswordSetupTokensTable;
  salesforce_settings: SalesforceSettingsTable;
  user_profiles: UserProfilesTable;
  api_keys: ApiKeysTable;
  lead_categories: LeadCategoriesTable;
  user_accounts: UserAccountsTable;
  webhook_codes: WebhookCodesTable;
  webhooks: WebhooksTable;
  webhook_additional_endpoints: WebhookAdditionalEndpointsTable;
  block_lists: BlockListsTable;
  block_list_logs: BlockListLogsTable;
  block_list_entries: BlockListEntriesTable;
  webhook_logs: WebhookLogsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  category_base_filter_logs: CategoryBaseFilterLogsTable;
  rate_limit_pacing: RateLimitPacingTable;
  crm_record_memos: CrmRecordMemosTable;
  api_allocations: ApiAllocationsTable;
  deployment_secrets: DeploymentSecretsTable;
  embed_keys: EmbedKeysTable;
  release_versions: ReleaseVersionsTable;
  release_areas: ReleaseAreasTable;
  release_events: ReleaseEventsTable;
  jobs: JobsTable;
}

export type OrganizationRow = Selectable<OrganizationsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type IdentityAccountRow = Selectable<IdentityAccountsTable>;

export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | null | undefined): boolean => value === 1;
export type SalesforceSettingsRow = Selectable<SalesforceSettingsTable>;
export type UserProfileRow = Selectable<UserProfilesTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type LeadCategoryRow = Selectable<LeadCategoriesTable>;
