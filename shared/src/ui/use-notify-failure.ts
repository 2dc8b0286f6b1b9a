import { useCallback } from 'react';
import { failureToast, type FailureToastOptions } from '../rules/failure-toast.js';
import { useHost } from './host-context.js';

/** Shows a failed call's Error toast through the host (spec §8): the server's message for 3 s, nothing for a 401. */
export function useNotifyFailure(): (error: unknown, options?: FailureToastOptions) => void {
  const { notify } = useHost();
  return useCallback(
    (error, options) => {
      const toast = failureToast(error, options);
      if (toast) notify(toast);
    },
    [notify],
  );
}
