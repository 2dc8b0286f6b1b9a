/** A failed call: the HTTP status and the message of the error body (or a generic one). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show for any thrown error: the server's message when there is one. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** The message of the server's error answer; null when there was no answer (status 0) or it had no message. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status > 0 && error.message ? error.message : null;
}
