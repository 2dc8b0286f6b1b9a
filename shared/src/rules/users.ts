import type { DashboardUser } from '../contract/index.js';

/** The success toast text after an admin saves a user's permission flags (spec §8). */
export const userUpdatedMessage = (email: string): string => `${email} updated`;

/** The "approvals" column of the Users screen: the flags the user has. */
export function approvalsLabel(user: Pick<DashboardUser, 'canWebhook' | 'canUserAccount' | 'canBlockList'>): string {
  const granted = (['canWebhook', 'canUserAccount', 'canBlockList'] as const).filter((flag) => user[flag]);
  return granted.length ? granted.join(', ') : 'None';
}
