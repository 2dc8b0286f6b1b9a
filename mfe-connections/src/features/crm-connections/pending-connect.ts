import type { PendingConnect } from './rules';

/**
 * A CRM sign-in leaves the app for the provider's pages and comes back to the CRM screen: the tab's
 * sessionStorage remembers what was started, so the screen can say "Connected {account}".
 */
const STORAGE_KEY = 'crm-sync:pending-connect';

export function rememberPendingConnect(pending: PendingConnect): void {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
}

/** The sign-in started for this CRM, if any; kept until forgotten. */
export function readPendingConnect<C extends PendingConnect['crm']>(
  crm: C,
): Extract<PendingConnect, { crm: C }> | null {
  try {
    const pending = JSON.parse(
      window.sessionStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as PendingConnect | null;
    return pending?.crm === crm ? (pending as Extract<PendingConnect, { crm: C }>) : null;
  } catch {
    return null;
  }
}

export function forgetPendingConnect(): void {
  window.sessionStorage.removeItem(STORAGE_KEY);
}
