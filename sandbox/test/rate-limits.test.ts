import { bearer, hubspotTokens, makeSandbox, salesforceTokens } from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

describe('Rate-limit switch', () => {
  let app: App;
  beforeEach(async () => {
    app = await makeSandbox();
  });
  afterEach(() => app.close());

  const setLimits = (payload: object) =>
    app.inject({ method: 'POST', url: '/_sandbox/rate-limits', payload });
  const clients = () =>
    app.inject({ method: 'GET', url: '/smartlead/api/v1/client/?api_key=sl-valid-key' });

  it("is off by default and describes every provider's documented limits", async () => {
    const limits = (await app.inject({ method: 'GET', url: '/_sandbox/rate-limits' })).json()
      .providers;
    expect(limits.smartlead).toMatchObject({
      enabled: false,
      rules: expect.arrayContaining([
        expect.objectContaining({ name: 'per-minute', max: 60, windowMs: 60_000 }),
      ]),
    });
    expect(limits.hubspot.rules.map((rule: { name: string }) => rule.name)).toEqual([
      'ten-secondly',
      'search-secondly',
    ]);
    expect(limits.instantly.rules[0]).toMatchObject({ max: 100, windowMs: 1000 });
    expect(limits.heyreach.rules[0]).toMatchObject({ max: 300, windowMs: 60_000 });
    expect(limits.emailbison.rules).toEqual([]);
    for (let call = 0; call < 20; call += 1) expect((await clients()).statusCode).toBe(200);
  });

  it("enforces Smartlead's burst and per-minute limits with 429 and Retry-After, sliding with the clock", async () => {
    expect((await setLimits({ provider: 'smartlead', enabled: true })).statusCode).toBe(200);
    for (let call = 0; call < 10; call += 1) expect((await clients()).statusCode).toBe(200);
    const limited = await clients();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json().error.code).toBe('RATE_LIMIT_EXCEEDED');
    let sent = 10;
    while (sent < 60) {
      app.clock.advance(1000);
      for (let call = 0; call < 10 && sent < 60; call += 1, sent += 1)
        expect((await clients()).statusCode).toBe(200);
    }
    app.clock.advance(1000);
    const perMinute = await clients();
    expect(perMinute.statusCode).toBe(429);
    expect(Number(perMinute.headers['retry-after'])).toBeGreaterThan(1);
    app.clock.advance(60_000);
    expect((await clients()).statusCode).toBe(200);
  });

  it("enforces HubSpot's search limit per second with HubSpot's body", async () => {
    const token = (await hubspotTokens(app)).access_token;
    await setLimits({ provider: 'hubspot', enabled: true });
    const search = () =>
      app.inject({
        method: 'POST',
        url: '/hubspot/crm/v3/objects/contacts/search',
        headers: bearer(token),
        payload: {},
      });
    for (let call = 0; call < 5; call += 1) expect((await search()).statusCode).toBe(200);
    const limited = await search();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ errorType: 'RATE_LIMIT', policyName: 'SECONDLY' });
    expect(
      (await app.inject({ method: 'GET', url: '/hubspot/crm/v3/owners', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
  });

  it('answers Salesforce over its allocation with 403 REQUEST_LIMIT_EXCEEDED (small rules set through the API)', async () => {
    const token = (await salesforceTokens(app)).access_token;
    await setLimits({
      provider: 'salesforce',
      enabled: true,
      rules: [
        { name: 'daily-api-requests', max: 2, windowMs: 86_400_000, appliesTo: '^/services/data/' },
      ],
    });
    const call = () =>
      app.inject({
        method: 'GET',
        url: '/salesforce/services/data/v60.0/sobjects',
        headers: bearer(token),
      });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(403);
    expect(limited.json()).toEqual([
      { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
    ]);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/salesforce/services/oauth2/userinfo',
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('switches every provider at once, and off again', async () => {
    await setLimits({ enabled: true });
    const limits = (await app.inject({ method: 'GET', url: '/_sandbox/rate-limits' })).json()
      .providers;
    expect(
      Object.values(limits).every((provider) => (provider as { enabled: boolean }).enabled),
    ).toBe(true);
    await setLimits({ enabled: false });
    for (let call = 0; call < 15; call += 1) expect((await clients()).statusCode).toBe(200);
    expect((await setLimits({ enabled: true, rules: [] })).statusCode).toBe(400);
    expect((await setLimits({ provider: 'nope', enabled: true })).statusCode).toBe(400);
  });

  it('starts enforced when configured so', async () => {
    const strict = await makeSandbox({ enforceRateLimits: true });
    for (let call = 0; call < 10; call += 1)
      await strict.inject({ method: 'GET', url: '/smartlead/api/v1/client/?api_key=sl-valid-key' });
    expect(
      (
        await strict.inject({
          method: 'GET',
          url: '/smartlead/api/v1/client/?api_key=sl-valid-key',
        })
      ).statusCode,
    ).toBe(429);
    await strict.close();
  });
});
