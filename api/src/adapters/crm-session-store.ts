import type { ApiUsage } from '../records/api-usage.js';

/** A profile's tokens after a refresh, sealed. */
export interface SealedTokens {
  accessTokenSealed: string;
  /** undefined keeps the stored refresh token. */
  refreshTokenSealed?: string | undefined;
  tokenExpiresAt: string | null;
  /** undefined keeps the stored instance URL. */
  instanceUrl?: string | undefined;
}

/** The connected app a Salesforce profile renews its sign-in with. */
export interface SalesforceAppSecrets {
  domain: string;
  consumerKey: string;
  consumerSecretSealed: string;
}

/**
 * What the CRMs' OAuth sessions keep between calls. A port: the caller passes it in
 * (`deps.crmSessions`), so the adapters never read or write the database themselves.
 */
export interface CrmSessionStore {
  saveTokens(userProfileId: number, tokens: SealedTokens): Promise<void>;
  /** The CRM no longer renews the profile's sign-in: its owner must connect it again. */
  markDisconnected(userProfileId: number): Promise<void>;
  salesforceApp(salesforceSettingId: number): Promise<SalesforceAppSecrets | undefined>;
  /** What Salesforce last reported of an org's daily API allocation, for every process to read. */
  recordSalesforceApiUsage(organizationId: string, usage: ApiUsage, at: string): Promise<void>;
}
