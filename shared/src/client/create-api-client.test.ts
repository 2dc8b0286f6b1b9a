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

describe('createApiClient with an embedding page’s token', () => {
  const calls: {
    authorization: string | undefined;
    credentials: RequestCredentials | undefined;
  }[] = [];
  const client = (renewed: string | undefined) =>
    createApiClient({
      baseUrl: 'http://api.example',
      onUnauthorized: () => calls.push({ authorization: 'onUnauthorized', credentials: undefined }),
      authorization: ({ renew } = {}) => Promise.resolve(renew ? renewed : 'old-token'),
      fetch: (_url, init) => {
        const authorization = new Headers(init?.headers).get('authorization') ?? undefined;
        calls.push({ authorization, credentials: init?.credentials });
        return Promise.resolve(
          authorization === 'Bearer new-token'
            ? new Response(JSON.stringify({ message: 'Outside the embedded areas' }), {
                status: 403,
              })
            : new Response(JSON.stringify({ message: 'Token expired' }), { status: 401 }),
        );
      },
    });

  beforeEach(() => calls.splice(0));

  it('sends the token without cookies and, after a 401, once more with a renewed token', async () => {
    const error = await failureOf(client('new-token').call('listApiKeys'));
    expect(error.message).toBe('Outside the embedded areas');
    expect(calls).toEqual([
      { authorization: 'Bearer old-token', credentials: 'omit' },
      { authorization: 'Bearer new-token', credentials: 'omit' },
    ]);
  });

  it('reports the 401 when no new token comes', async () => {
    const error = await failureOf(client(undefined).call('listApiKeys'));
    expect(error.status).toBe(401);
    expect(calls.map(({ authorization }) => authorization)).toEqual([
      'Bearer old-token',
      'onUnauthorized',
    ]);
  });
});
