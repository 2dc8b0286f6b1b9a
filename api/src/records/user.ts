import type { UserRole } from '../db/schema.js';

/** A user with what the api needs of their organization. */
export interface UserRecord {
  id: number;
  accountId: string;
  email: string;
  nickname: string;
  picture: string;
  role: UserRole | null;
  organizationId: number | null;
  organizationName: string | null;
  organizationDomain: string | null;
  isPaidTier: boolean;
  canWebhook: boolean;
  canUserAccount: boolean;
  canBlockList: boolean;
}

/** How emails are compared and stored: trimmed, lower case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
