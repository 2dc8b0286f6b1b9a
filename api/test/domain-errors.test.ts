import { asHttpError } from '../src/http/domain-status.js';
import { HttpError } from '../src/http/http-error.js';
import {
  conflict,
  forbidden,
  invalid,
  notFound,
  unavailable,
} from '../src/services/domain-errors.js';

describe("services' domain errors", () => {
  it.each([
    [invalid('Bad name', { name: 'Bad name' }), 400],
    [forbidden('Not yours'), 403],
    [notFound('Webhook not found'), 404],
    [conflict('Registered already'), 409],
    [unavailable('Try later'), 503],
  ])('%s becomes HTTP %i with its message', (error, status) => {
    const mapped = asHttpError(error);
    expect(mapped).toBeInstanceOf(HttpError);
    expect(mapped).toMatchObject({ statusCode: status, message: error.message });
    expect((mapped as HttpError).errors).toEqual(error.fieldErrors);
  });

  it('leaves any other error as it is', () => {
    const other = new Error('boom');
    expect(asHttpError(other)).toBe(other);
  });
});
