import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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

/** One stored model of the embedded identity provider (oidc-provider's adapter). Times are epoch seconds. */
export interface OidcModelsTable {
  kind: string;
  id: string;
  /** The model's payload, as JSON. */
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

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  identity_accounts: IdentityAccountsTable;
  oidc_models: OidcModelsTable;
  salesforce_settings: SalesforceSettingsTable;
  user_profiles: UserProfilesTable;
  api_keys: ApiKeysTable;
  lead_categories: LeadCategoriesTable;
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
