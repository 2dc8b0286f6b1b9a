import { ORIGIN, createTestApp, json, signIn, type TestApp } from './helpers/test-app.js';

interface ErrorResponse {
  message: string;
  errors?: Record<string, string>;
}

describe('PUT /api/admin/dashboard/users/{id} rejects bad requests', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (url: string, payload: string | undefined, contentType = 'application/json') =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: {
        origin: ORIGIN,
        cookie: admin,
        ...(payload === undefined ? {} : { 'content-type': contentType }),
      },
      ...(payload === undefined ? {} : { payload }),
    });

  it.each([
    ['a missing flag', { canWebhook: true, canUserAccount: true }, 'canBlockList'],
    [
      'a flag of the wrong type',
      { canWebhook: 'yes', canUserAccount: true, canBlockList: true },
      'canWebhook',
    ],
    [
      'a null flag',
      { canWebhook: true, canUserAccount: null, canBlockList: true },
      'canUserAccount',
    ],
    [
      'an extra field',
      { canWebhook: true, canUserAccount: true, canBlockList: true, role: 'ADMIN' },
      'role',
    ],
    ['an array', [true, true, true], 'body'],
    ['a number', 42, 'body'],
    ['null', null, 'body'],
  ])('answers 400 naming the field for %s', async (_label, body, field) => {
    const response = await send('/api/admin/dashboard/users/2', JSON.stringify(body));
    expect(response.statusCode).toBe(400);
    const error = json<ErrorResponse>(response);
    expect(typeof error.message).toBe('string');
    expect(error.message).toContain(field);
    expect(Object.keys(error.errors ?? {})).toContain(field);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await send('/api/admin/dashboard/users/2', '{"canWebhook": tru');
    expect(response.statusCode).toBe(400);
    expect(typeof json<ErrorResponse>(response).message).toBe('string');
  });

  it('answers 400 for an empty JSON body', async () => {
    const response = await send('/api/admin/dashboard/users/2', '');
    expect(response.statusCode).toBe(400);
    expect(typeof json<ErrorResponse>(response).message).toBe('string');
  });

  it('answers 400 for no body at all', async () => {
    const response = await send('/api/admin/dashboard/users/2', undefined);
    expect(response.statusCode).toBe(400);
    expect(json<ErrorResponse>(response).message).toContain('body');
  });

  it('answers 415 for a body that is not JSON by its content type', async () => {
    const response = await send('/api/admin/dashboard/users/2', 'canWebhook=true', 'text/csv');
    expect(response.statusCode).toBe(415);
    expect(typeof json<ErrorResponse>(response).message).toBe('string');
  });

  it('answers 400 for a JSON body with __proto__', async () => {
    const response = await send(
      '/api/admin/dashboard/users/2',
      '{"__proto__": {"x": 1}, "canWebhook": true, "canUserAccount": true, "canBlockList": true}',
    );
    expect(response.statusCode).toBe(400);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999', '%20'])(
    'answers 400 for the id %p',
    async (id) => {
      const response = await send(
        `/api/admin/dashboard/users/${id}`,
        JSON.stringify({ canWebhook: true, canUserAccount: true, canBlockList: true }),
      );
      expect(response.statusCode).toBe(400);
      expect(json<ErrorResponse>(response).message).toContain('id');
    },
  );

  it('answers 404 for an unknown id', async () => {
    const response = await send(
      '/api/admin/dashboard/users/424242',
      JSON.stringify({ canWebhook: true, canUserAccount: true, canBlockList: true }),
    );
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ message: 'User not found' });
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await send(
      '/api/admin/dashboard/users/2',
      JSON.stringify({ canWebhook: 'x'.repeat(1_100_000) }),
    );
    expect(response.statusCode).toBe(413);
    expect(typeof json<ErrorResponse>(response).message).toBe('string');
  });
});
