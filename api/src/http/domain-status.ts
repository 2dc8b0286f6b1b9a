import { DomainError, type DomainErrorKind } from '../services/domain-errors.js';
import { HttpError } from './http-error.js';

const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unavailable: 503,
};

/** A service's refusal as the HTTP answer it stands for; any other error unchanged. */
export function asHttpError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  return new HttpError(statusOfKind[error.kind], error.message, error.fieldErrors);
}
