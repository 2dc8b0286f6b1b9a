import { useEffect } from 'react';
import { useNotifyFailure } from 'shared/ui';

/** spec §8: a lookup that failed shows its Error toast once (the server's message for 3 s; nothing for a 401) and the list stays empty. */
export function useFailureToast(error: Error | null, onFailure?: () => void): void {
  const notifyFailure = useNotifyFailure();
  useEffect(() => {
    if (!error) return;
    notifyFailure(error);
    onFailure?.();
    // onFailure is called for this error only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, notifyFailure]);
}
