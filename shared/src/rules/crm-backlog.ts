import type { CrmBacklogAccount } from '../contract/crm-backlog.js';
import type { CrmType } from '../contract/current-user.js';

/** A wait longer than this turns the side navigation's status widget amber. */
export const BACKLOG_ATTENTION_MINUTES = 5;

const crmNames: Record<CrmType, string> = { HUBSPOT: 'HubSpot', SALESFORCE: 'Salesforce' };

/** The Webhooks screen's line for an account with waiting events. */
export const backlogLine = ({ crm, waiting, minutes }: CrmBacklogAccount): string =>
  `${waiting} ${waiting === 1 ? 'event' : 'events'} waiting for ${crmNames[crm]}'s rate limit — about ${minutes} min`;

/** Whether some account's wait is long enough for the status widget to say so. */
export const backlogNeedsAttention = (accounts: readonly CrmBacklogAccount[]): boolean =>
  accounts.some((account) => account.minutes > BACKLOG_ATTENTION_MINUTES);

/** The status widget's line when it does: the longest wait. */
export function backlogAttentionLabel(accounts: readonly CrmBacklogAccount[]): string {
  const longest = accounts.reduce((a, b) => (b.minutes > a.minutes ? b : a));
  return `${crmNames[longest.crm]} backlog: about ${longest.minutes} min`;
}

/** Two looks at an account's backlog: when (ms), how many events waited, and how many arrived between them. */
export interface BacklogSample {
  at: number;
  waiting: number;
}

/** Events written per minute between two looks, counting those that arrived meanwhile; null when nothing drained. */
export function drainPerMinute(
  before: BacklogSample,
  after: BacklogSample,
  arrived: number,
): number | null {
  const drained = before.waiting + arrived - after.waiting;
  const minutes = (after.at - before.at) / 60_000;
  return drained > 0 && minutes > 0 ? drained / minutes : null;
}

/** Whole minutes to drain `waiting` events at `perMinute`, at least 1. */
export const minutesToDrain = (waiting: number, perMinute: number): number =>
  Math.max(1, Math.ceil(waiting / perMinute));
