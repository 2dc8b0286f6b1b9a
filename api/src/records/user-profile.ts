import type { CrmType, UserRole } from '../db/schema.js';

export type CrmProfileStatus = 'CONNECTED' | 'DISCONNECTED';

/**
 * A CRM connection (spec: "user profile", "integration") with what the api needs of the dashboard user
 * who owns it. Tokens stay sealed here: only the adapters' token helpers open them.
 */
export interface UserProfileRecord {
  id: number;
  userId: number;
  /** The owner's dashboard organization (owner.organizationId). */
  ownerOrganizationId: number | null;
  crm: CrmType;
  accountId: string;
  organizationId: string;
  organizationDomain: string | null;
  email: string;
  firstName: string;
  lastName: string;
  accessTokenSealed: string | null;
  refreshTokenSealed: string | null;
  /** ISO time; null when the CRM does not say (Salesforce). */
  tokenExpiresAt: string | null;
  instanceUrl: string | null;
  salesforceSettingId: number | null;
  status: CrmProfileStatus;
  createdAt: string;
  owner: {
    id: number;
    email: string;
    role: UserRole | null;
    organizationId: number | null;
    canWebhook: boolean;
    canUserAccount: boolean;
    canBlockList: boolean;
  };
}
