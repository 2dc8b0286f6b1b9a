import { useEffect, useRef } from 'react';
import { useNotifyFailure } from 'shared/ui';

/**
 * Shows a failed lookup's Error toast once per failure (spec §8: the server's message for 3 s,
 * "Something went wrong" when there is none; nothing for a 401, which goes to /unauthorized), then
 * runs `onFailure` (e.g. clearing what depended on it).
 */
export function useFailureToast(error: Error | null, onFailure?: () => void): void {
  const notifyFailure = useNotifyFailure();
  const latest = useRef(onFailure);
  latest.current = onFailure;
  useEffect(() => {
    if (!error) return;
    notifyFailure(error);
    latest.current?.();
  }, [error, notifyFailure]);
}
