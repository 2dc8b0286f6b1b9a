/**
 * What a service refuses, in its own words: the HTTP layer maps each kind to a status
 * (http/domain-status.ts), and a job reads the same error as a refusal, not a crash.
 */
export type DomainErrorKind =
  'invalid' | 'unauthorized' | 'not-found' | 'forbidden' | 'conflict' | 'unavailable';

/** A refusal whose message the user may read (never a 5xx detail). */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The message per field of the request, when the refusal is about fields. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, fieldErrors?: Record<string, string>): DomainError =>
  new DomainError('invalid', message, fieldErrors);
export const notFound = (message: string): DomainError => new DomainError('not-found', message);
export const unauthorized = (message: string): DomainError =>
  new DomainError('unauthorized', message);
export const forbidden = (message: string): DomainError => new DomainError('forbidden', message);
export const conflict = (message: string): DomainError => new DomainError('conflict', message);
export const unavailable = (message: string): DomainError =>
  new DomainError('unavailable', message);
