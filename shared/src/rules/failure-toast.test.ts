import { ApiError } from '../client/api-error';
import { failureToast, isUnauthorized } from './failure-toast';

describe('failure toasts (spec §8 "General")', () => {
  it('recognises a 401 only', () => {
    expect(isUnauthorized(new ApiError(401, 'Unauthorized'))).toBe(true);
    expect(isUnauthorized(new ApiError(403, 'Forbidden'))).toBe(false);
    expect(isUnauthorized(new Error('boom'))).toBe(false);
  });

  it('shows the server message titled "Error" for 3 seconds', () => {
    expect(failureToast(new ApiError(403, 'You may not add keys to this profile'))).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'You may not add keys to this profile',
      life: 3000,
    });
  });

  it('says "Something went wrong" when the call failed without a server message, or the fallback given, and can be persistent', () => {
    expect(failureToast(new Error('network'))).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'Something went wrong',
      life: 3000,
    });
    expect(failureToast(new ApiError(500, ''))).toMatchObject({ detail: 'Something went wrong' });
    expect(
      failureToast(new Error('network'), { fallback: 'An unknown error occurred', life: 0 }),
    ).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'An unknown error occurred',
      life: 0,
    });
  });

  it("uses the fallback, not the client's own words, when the server could not be reached", () => {
    expect(
      failureToast(new ApiError(0, 'The server could not be reached'), {
        fallback: 'An unknown error occurred',
      }),
    ).toMatchObject({ detail: 'An unknown error occurred' });
    expect(failureToast(new ApiError(0, 'The server could not be reached'))).toMatchObject({
      detail: 'Something went wrong',
    });
  });

  it('shows nothing for a 401: the host sends the user to /unauthorized', () => {
    expect(failureToast(new ApiError(401, 'Sign in to continue'))).toBeNull();
  });
});
