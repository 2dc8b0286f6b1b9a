import { ApiError } from 'shared/client';
import { failureToast, isUnauthorized } from './errors';

describe('failure toasts (spec §8 "General")', () => {
  it('recognises a 401 only', () => {
    expect(isUnauthorized(new ApiError(401, 'Unauthorized'))).toBe(true);
    expect(isUnauthorized(new ApiError(403, 'Forbidden'))).toBe(false);
    expect(isUnauthorized(new Error('boom'))).toBe(false);
  });

  it('shows the server message titled "Error" for 3 seconds', () => {
    expect(failureToast(new ApiError(403, 'You may not add keys to this profile'))).toEqual({ severity: 'error', summary: 'Error', detail: 'You may not add keys to this profile', life: 3000 });
  });

  it('falls back when the call failed without a message, and can be persistent', () => {
    expect(failureToast(new Error('network'), { fallback: 'An unknown error occurred', life: 0 })).toEqual({ severity: 'error', summary: 'Error', detail: 'An unknown error occurred', life: 0 });
  });

  it('shows nothing for a 401: the host sends the user to /unauthorized', () => {
    expect(failureToast(new ApiError(401, 'Sign in to continue'))).toBeNull();
  });
});
