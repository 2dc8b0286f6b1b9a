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

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  identity_accounts: IdentityAccountsTable;
  oidc_models: OidcModelsTable;
}

export type OrganizationRow = Selectable<OrganizationsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type IdentityAccountRow = Selectable<IdentityAccountsTable>;

export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | null | undefined): boolean => value === 1;
