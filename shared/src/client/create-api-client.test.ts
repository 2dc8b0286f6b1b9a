import { ApiError } from './api-error';
import { createApiClient } from './create-api-client';

const answering = (status: number, statusText: string, body: unknown) =>
  createApiClient({
    baseUrl: '',
    onUnauthorized: () => {},
    fetch: () =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          statusText,
          headers: { 'content-type': 'application/json' },
        }),
      ),
  });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ApiError,
  );

describe('createApiClient failures', () => {
  it("reads the server's message", async () => {
    const error = await failureOf(
      answering(403, 'Forbidden', { message: 'Upgrade to add keys' }).call('listApiKeys'),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Upgrade to add keys');
  });

  it('reads the errors an answer lists without a message, rather than its status text (issue 56)', async () => {
    const error = await failureOf(
      answering(422, 'Unprocessable Entity', {
        success: false,
        errors: ['HubSpot refused the contact', 'email is invalid'],
      }).call('listApiKeys'),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe('HubSpot refused the contact\nemail is invalid');
  });

  it('falls back to the status text when the answer says nothing', async () => {
    const error = await failureOf(answering(502, 'Bad Gateway', {}).call('listApiKeys'));
    expect(error.message).toBe('Bad Gateway');
  });
});
