import { bearer, hubspotTokens, makeSandbox } from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

describe('Fault injection', () => {
  let app: App;
  beforeEach(async () => {
    app = await makeSandbox({ hangMs: 60_000 });
  });
  afterEach(() => app.close());

  const addFault = (payload: object) =>
    app.inject({ method: 'POST', url: '/_sandbox/faults', payload });
  const clients = () =>
    app.inject({ method: 'GET', url: '/smartlead/api/v1/client/?api_key=sl-valid-key' });

  it('answers the next N calls of a route 429 with Retry-After, then works again', async () => {
    const created = await addFault({
      provider: 'smartlead',
      route: 'GET /api/v1/client',
      type: '429',
      count: 2,
      retryAfterSeconds: 7,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().fault).toMatchObject({
      id: expect.any(String),
      provider: 'smartlead',
      type: '429',
      count: 2,
      remaining: 2,
    });
    for (let call = 0; call < 2; call += 1) {
      const limited = await clients();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('7');
      expect(limited.json()).toEqual({
        error: {
          code: 'RATE_LIMIT_EXCEEDED',
          message: 'Too many requests. Please retry after 7 seconds.',
          retry_after: 7,
        },
      });
    }
    expect((await clients()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/_sandbox/faults' })).json().faults).toEqual(
      [],
    );
  });

  it('only hits the matching provider, method and path (with * wildcards)', async () => {
    await addFault({ provider: 'smartlead', route: 'POST /api/v1/leads/*', type: '500' });
    expect((await clients()).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/instantly/api/v2/lead-labels',
          headers: bearer('in-valid-key'),
        })
      ).statusCode,
    ).toBe(200);
    const failed = await app.inject({
      method: 'POST',
      url: '/smartlead/api/v1/leads/add-domain-block-list?api_key=sl-valid-key',
      payload: { domain_block_list: ['a.example'] },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it("answers each provider's 429 and 500 in that provider's error shape", async () => {
    const token = (await hubspotTokens(app)).access_token;
    await addFault({ provider: 'hubspot', route: '/crm/v3/objects/contacts/search', type: '429' });
    const hubspot = await app.inject({
      method: 'POST',
      url: '/hubspot/crm/v3/objects/contacts/search',
      headers: bearer(token),
      payload: {},
    });
    expect(hubspot.statusCode).toBe(429);
    expect(hubspot.json()).toMatchObject({
      status: 'error',
      errorType: 'RATE_LIMIT',
      policyName: 'TEN_SECONDLY_ROLLING',
    });
    await addFault({ provider: 'instantly', type: '500' });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/instantly/api/v2/lead-labels',
          headers: bearer('in-valid-key'),
        })
      ).json(),
    ).toMatchObject({ statusCode: 500, error: 'Internal Server Error' });
    await addFault({ provider: 'emailbison', type: '429' });
    const bison = await app.inject({
      method: 'GET',
      url: '/emailbison/api/users',
      headers: bearer('eb-valid-key'),
    });
    expect(bison.json()).toEqual({ message: 'Too Many Attempts.' });
    await addFault({ provider: 'salesforce', type: '500' });
    const salesforce = await app.inject({
      method: 'GET',
      url: '/salesforce/services/data/v60.0/sobjects',
    });
    expect(salesforce.statusCode).toBe(500);
    expect(salesforce.json()[0].errorCode).toBe('UNKNOWN_EXCEPTION');
    await addFault({ provider: 'heyreach', type: '429', retryAfterSeconds: 3 });
    const heyreach = await app.inject({
      method: 'GET',
      url: '/heyreach/api/public/auth/CheckApiKey',
      headers: { 'x-api-key': 'hr-valid-key' },
    });
    expect(heyreach.statusCode).toBe(429);
    expect(heyreach.headers['retry-after']).toBe('3');
  });

  it('hangs a call past a short timeout, then answers 504', async () => {
    await addFault({
      provider: 'heyreach',
      route: '/api/public/list/GetAll',
      type: 'hang',
      hangMs: 300,
    });
    const started = Date.now();
    const hung = await app.inject({
      method: 'POST',
      url: '/heyreach/api/public/list/GetAll',
      headers: { 'x-api-key': 'hr-valid-key' },
      payload: {},
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(hung.statusCode).toBe(504);
    const next = await app.inject({
      method: 'POST',
      url: '/heyreach/api/public/list/GetAll',
      headers: { 'x-api-key': 'hr-valid-key' },
      payload: {},
    });
    expect(next.statusCode).toBe(200);
  });

  it('lets a client time out on a hang over a real connection, and closes without waiting for it', async () => {
    await addFault({ provider: 'instantly', type: 'hang' });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 200);
    await expect(
      fetch(`${address}/instantly/api/v2/workspaces/current`, {
        headers: bearer('in-valid-key'),
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    clearTimeout(timer);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('lists, deletes one and clears faults; refuses unknown providers and bad types', async () => {
    const first = (await addFault({ provider: 'smartlead', type: '500', count: 5 })).json().fault;
    await addFault({ provider: 'instantly', type: '429' });
    expect(
      (await app.inject({ method: 'GET', url: '/_sandbox/faults?provider=smartlead' })).json()
        .faults,
    ).toHaveLength(1);
    expect(
      (await app.inject({ method: 'DELETE', url: `/_sandbox/faults/${first.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'DELETE', url: `/_sandbox/faults/${first.id}` })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/_sandbox/faults' })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/_sandbox/faults' })).json().faults).toEqual(
      [],
    );
    expect((await addFault({ provider: 'pipedrive', type: '500' })).statusCode).toBe(400);
    expect((await addFault({ provider: 'smartlead', type: '418' })).statusCode).toBe(400);
  });

  it('records faulted calls in the request log with their outcome', async () => {
    await addFault({ provider: 'smartlead', type: '429' });
    await clients();
    const [logged] = (
      await app.inject({ method: 'GET', url: '/_sandbox/requests?provider=smartlead' })
    ).json().requests;
    expect(logged).toMatchObject({
      provider: 'smartlead',
      method: 'GET',
      status: 429,
      outcome: 'fault:429',
      url: '/smartlead/api/v1/client/?api_key=sl-v…',
    });
  });
});
