import { useCallback } from 'react';
import { errorMessage, isApiError, type ApiError } from 'shared/client';
import { errorToast, TOAST_LIFE_MS, type ToastMessage } from 'shared/rules';
import { useHost } from 'shared/ui';

/** A 401 is handled by the host (the client already called onUnauthorized): it gets no toast. */
export const isUnauthorized = (error: unknown): error is ApiError => isApiError(error) && error.status === 401;

/**
 * The Error toast for a failed call (spec §8 "General"): the server's message, or `fallback` when the
 * call failed without one; null for a 401, which the host turns into /unauthorized.
 */
export interface FailureToastOptions {
  fallback?: string;
  life?: number;
}

export function failureToast(error: unknown, { fallback = 'Something went wrong', life = TOAST_LIFE_MS }: FailureToastOptions = {}): ToastMessage | null {
  if (isUnauthorized(error)) return null;
  return errorToast(errorMessage(error, fallback), life);
}

/** Shows the failure toast of a call through the host (nothing for a 401). */
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
