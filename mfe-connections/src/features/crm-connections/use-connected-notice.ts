import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useHost } from 'shared/ui';
import { forgetPendingConnect, readPendingConnect } from './pending-connect';
import { connectedToast, type PendingConnect } from './rules';

/**
 * Back from a CRM's sign-in: says "Connected {account}" once. `accountOf` names the account the
 * sign-in connected: undefined while the screen's data loads, null when nothing was connected (the
 * person came back another way). A sign-in that came back with ?error= is explained by SignInErrorAlert.
 */
export function useConnectedNotice<C extends PendingConnect['crm']>(
  crm: C,
  accountOf: (pending: Extract<PendingConnect, { crm: C }>) => string | null | undefined,
): void {
  const { notify } = useHost();
  const { search } = useLocation();
  const [pending] = useState(() => readPendingConnect(crm));
  const settled = useRef(false);
  const cameBackWithError = new URLSearchParams(search).has('error');
  const account = pending && !cameBackWithError ? accountOf(pending) : null;
  useEffect(() => {
    if (!pending || settled.current || account === undefined) return;
    settled.current = true;
    forgetPendingConnect();
    if (account) notify(connectedToast(account));
  }, [pending, account, notify]);
}
