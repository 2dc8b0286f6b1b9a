import { isApiError, serverMessage, type ApiError } from '../client/api-error.js';
import { commonTexts } from './texts.js';
import { errorToast, TOAST_LIFE_MS, type ToastMessage } from './toast.js';

/** A 401 is handled by the host (the client already called onUnauthorized): it gets no toast. */
export const isUnauthorized = (error: unknown): error is ApiError =>
  isApiError(error) && error.status === 401;

export interface FailureToastOptions {
  /** What to say when the server gave no message (an exception, or no answer at all). */
  fallback?: string;
  /** Milliseconds; 0 keeps it until dismissed. */
  life?: number;
}

/**
 * spec §8 "General": a failed call's Error toast shows the server's message for 3 seconds, or the
 * fallback when there is none; null for a 401, which the host turns into /unauthorized.
 */
export function failureToast(
  error: unknown,
  { fallback = commonTexts.somethingWentWrong, life = TOAST_LIFE_MS }: FailureToastOptions = {},
): ToastMessage | null {
  if (isUnauthorized(error)) return null;
  return errorToast(serverMessage(error) ?? fallback, life);
}
