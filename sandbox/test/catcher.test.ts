import { createHmac } from 'node:crypto';
import { makeSandbox } from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

interface Delivery {
  seq: number;
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  bodyText: string;
  json?: unknown;
  status?: number;
  outcome?: string;
}

describe('Endpoint catcher', () => {
  let app: App;
  beforeEach(async () => {
    app = await makeSandbox({ hangMs: 60_000 });
  });
  afterEach(() => app.close());

  const deliveries = async (): Promise<Delivery[]> =>
    (await app.inject({ method: 'GET', url: '/_sandbox/state/catcher' })).json().deliveries;
  const post = (name: string, body: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/catcher/${name}`,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const addFault = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/_sandbox/faults',
      payload: { provider: 'catcher', ...payload },
    });

  it('records the method, headers and exact body of what it receives, and answers 200', async () => {
    const body = '{"event_type":"EMAIL_REPLY",  "to_email":"jane.doe@northwind.example"}';
    const answer = await post('orders', body, {
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1767000000',
      'webhook-signature': 'v1,abc=',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, seq: 1 });
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({
      seq: 1,
      name: 'orders',
      method: 'POST',
      path: '',
      status: 200,
      outcome: 'received',
      bodyText: body,
      json: { event_type: 'EMAIL_REPLY', to_email: 'jane.doe@northwind.example' },
      headers: expect.objectContaining({
        'webhook-id': 'msg_1',
        'webhook-timestamp': '1767000000',
        'webhook-signature': 'v1,abc=',
        'content-type': 'application/json',
      }),
    });
  });

  it('keeps the body byte for byte, so a signature over it can be checked', async () => {
    const secret = 'whsec-test-secret';
    const body = '{"b":2,"a":[1, 2 ,3]}';
    const signature = createHmac('sha256', secret)
      .update(`msg_2.1767000000.${body}`)
      .digest('base64');
    await post('signed', body, {
      'webhook-id': 'msg_2',
      'webhook-timestamp': '1767000000',
      'webhook-signature': `v1,${signature}`,
    });
    const [delivery] = await deliveries();
    const expected = createHmac('sha256', secret)
      .update(
        `${delivery.headers['webhook-id']}.${delivery.headers['webhook-timestamp']}.${delivery.bodyText}`,
      )
      .digest('base64');
    expect(delivery.headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('takes any method, sub-path, query and content type; non-JSON bodies stay text', async () => {
    await app.inject({
      method: 'PUT',
      url: '/catcher/crm/hooks/7?source=test',
      payload: 'plain words',
      headers: { 'content-type': 'text/plain' },
    });
    await app.inject({ method: 'GET', url: '/catcher/crm' });
    const [get, put] = await deliveries();
    expect(put).toMatchObject({
      name: 'crm',
      method: 'PUT',
      path: '/hooks/7?source=test',
      bodyText: 'plain words',
      status: 200,
    });
    expect(put.json).toBeUndefined();
    expect(get).toMatchObject({ name: 'crm', method: 'GET', bodyText: '' });
  });

  it('answers 429 with Retry-After, 500 and 410 when told to, recording each attempt', async () => {
    await addFault({ type: '429', route: '/orders', retryAfterSeconds: 30 });
    await addFault({ type: '500', route: '/orders' });
    await addFault({ type: '410', route: 'POST /orders' });
    const limited = await post('orders', '{"n":1}');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
    expect((await post('orders', '{"n":1}')).statusCode).toBe(500);
    const gone = await post('orders', '{"n":1}');
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: 'This endpoint is gone' });
    expect((await post('orders', '{"n":1}')).statusCode).toBe(200);
    // another endpoint never saw a fault
    expect((await post('billing', '{"n":2}')).statusCode).toBe(200);
    expect(
      (await deliveries()).map((delivery) => [delivery.name, delivery.status, delivery.outcome]),
    ).toEqual([
      ['billing', 200, 'received'],
      ['orders', 200, 'received'],
      ['orders', 410, 'fault:410'],
      ['orders', 500, 'fault:500'],
      ['orders', 429, 'fault:429'],
    ]);
  });

  it('hangs when told to: the attempt shows while it is held, then ends in 504', async () => {
    await addFault({ type: 'hang', route: '/slow', hangMs: 200 });
    const held = post('slow', '{"n":1}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [pending] = await deliveries();
    expect(pending.name).toBe('slow');
    expect(pending.status).toBeUndefined();
    const answer = await held;
    expect(answer.statusCode).toBe(504);
    expect((await deliveries())[0]).toMatchObject({ status: 504, outcome: 'fault:hang' });
  });

  it('shows the deliveries on the page and forgets them on reset', async () => {
    await post('orders', '{"hello":"page"}', { 'webhook-id': 'msg_page' });
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('Endpoint catcher');
    expect(page.body).toContain('msg_page');
    expect(page.body).toContain('{&quot;hello&quot;:&quot;page&quot;}');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/_sandbox/reset',
          payload: { provider: 'catcher' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await deliveries()).toEqual([]);
  });

  it('takes bodies larger than the default 1 MiB limit', async () => {
    const big = JSON.stringify({ history: 'x'.repeat(3 * 1024 * 1024) });
    expect((await post('big', big)).statusCode).toBe(200);
    expect((await deliveries())[0]).toMatchObject({ name: 'big', bodyTruncated: true });
  });
});
