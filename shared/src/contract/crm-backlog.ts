import { z } from 'zod';
import { crmType } from './current-user.js';
import { defineOperations } from './define-operations.js';

/** One CRM account (a connected CRM profile) with events waiting for its rate limit (issue 55). */
export const crmBacklogAccount = z.object({
  userProfileId: z.number().int(),
  crm: crmType,
  /** Events received and not yet written into the CRM. */
  waiting: z.number().int(),
  /** About how long the waiting events take to drain, from the measured drain rate (whole minutes, at least 1). */
  minutes: z.number().int(),
});
export type CrmBacklogAccount = z.infer<typeof crmBacklogAccount>;

/** The CRM accounts in the caller's scope that have events waiting, the longest wait first. */
export const crmBacklog = z.object({ accounts: z.array(crmBacklogAccount) });
export type CrmBacklog = z.infer<typeof crmBacklog>;

export const crmBacklogOperations = defineOperations({
  /** The Webhooks screen's waiting lines and the status widget's amber (issue 55). */
  getCrmBacklog: { method: 'GET', path: '/api/admin/crm-backlog', response: crmBacklog },
});
