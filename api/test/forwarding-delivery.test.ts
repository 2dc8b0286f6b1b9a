import { Webhook } from 'standardwebhooks';
import { systemClock } from '../src/clock.js';
import { deliverOnce, generateEndpointSecret, type Delivery } from '../src/forwarding/index.js';
import type { OutboundGuard } from '../src/outbound/index.js';
import { guardWith } from './helpers/outbound.js';
import { injectFault, resetSandbox, sandboxState } from './helpers/sandbox-control.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { redirectTo, startStandIn, type StandIn } from './helpers/stand-in.js';

interface CaughtDelivery {
  name: string;
  method: string;
  headers: Record<string, string>;
  bodyText: string;
  status?: number;
  outcome?: string;
}

/** deliverOnce against the sandbox's endpoint catcher, through an outbound guard that lets only the sandbox's host:port through. */
describe('delivering to an endpoint', () => {
  let sandbox: RunningSandbox;
  let redirector: StandIn;
  let guard: OutboundGuard;
  const secret = generateEndpointSecret();
  const body = JSON.stringify({
    event_type: 'EMAIL_REPLY',
    to_email: 'ana@example.com',
    reply_message: { text: 'Sounds good' },
  });
  const options = { timeoutMs: 5000, clock: systemClock };
  const delivery = (name: string, extra: Partial<Delivery> = {}): Delivery => ({
    url: `${sandbox.url}/catcher/${name}`,
    secret,
    messageId: `msg_${name}`,
    body,
    ...extra,
  });
  const caught = async (name: string): Promise<CaughtDelivery[]> =>
    (await sandboxState<{ deliveries: CaughtDelivery[] }>(sandbox, 'catcher')).deliveries.filter(
      (one) => one.name === name,
    );

  beforeAll(async () => {
    sandbox = await startSandbox();
    redirector = await startStandIn();
    guard = guardWith({ endpoints: [new URL(sandbox.url).host, `127.0.0.1:${redirector.port}`] });
  });
  afterAll(async () => {
    await guard.close();
    await redirector.close();
    await sandbox.close();
  });
  beforeEach(() => resetSandbox(sandbox, 'catcher'));

  it('delivers with Standard Webhooks headers the endpoint verifies with its secret', async () => {
    const { record, outcome } = await deliverOnce(guard, delivery('orders'), options);
    expect(outcome).toEqual({ kind: 'delivered' });
    expect(record).toEqual({
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      durationMs: expect.any(Number),
      statusCode: 200,
      answer: expect.stringMatching(/^\{"received":true,"seq":\d+\}$/),
      error: null,
    });
    const [received] = await caught('orders');
    expect(received).toMatchObject({ method: 'POST', bodyText: body, outcome: 'received' });
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_orders',
      'webhook-timestamp': expect.stringMatching(/^\d+$/),
    });
    const {
      'webhook-id': id = '',
      'webhook-timestamp': timestamp = '',
      'webhook-signature': signature = '',
    } = received?.headers ?? {};
    expect(
      new Webhook(secret).verify(received?.bodyText ?? '', {
        'webhook-id': id,
        'webhook-timestamp': timestamp,
        'webhook-signature': signature,
      }),
    ).toEqual(JSON.parse(body));
    expect(() =>
      new Webhook(generateEndpointSecret()).verify(received?.bodyText ?? '', {
        'webhook-id': id,
        'webhook-timestamp': timestamp,
        'webhook-signature': signature,
      }),
    ).toThrow();
  });

  it('429: retried after the Retry-After it gives', async () => {
    await injectFault(sandbox, 'catcher', '429', { route: '/busy', retryAfterSeconds: 30 });
    const { record, outcome } = await deliverOnce(guard, delivery('busy'), options);
    expect(outcome).toEqual({
      kind: 'retry',
      retryAfterMs: 30_000,
      reason: 'the endpoint answered 429',
    });
    expect(record).toMatchObject({
      statusCode: 429,
      error: null,
      answer: expect.stringContaining('Too many requests'),
    });
    expect((await caught('busy')).map((one) => one.outcome)).toEqual(['fault:429']);
  });

  it('500: retried on the schedule', async () => {
    await injectFault(sandbox, 'catcher', '500', { route: '/broken' });
    const { record, outcome } = await deliverOnce(guard, delivery('broken'), options);
    expect(outcome).toEqual({
      kind: 'retry',
      retryAfterMs: null,
      reason: 'the endpoint answered 500',
    });
    expect(record).toMatchObject({
      statusCode: 500,
      answer: '{"message":"Internal server error"}',
      error: null,
    });
  });

  it('410: no more attempts', async () => {
    await injectFault(sandbox, 'catcher', '410', { route: '/gone' });
    const { record, outcome } = await deliverOnce(guard, delivery('gone'), options);
    expect(outcome).toEqual({
      kind: 'stop',
      reason: 'the endpoint answered 410 Gone: no more attempts',
    });
    expect(record).toMatchObject({
      statusCode: 410,
      answer: '{"message":"This endpoint is gone"}',
    });
  });

  it('a hang: retried once the time-out has passed', async () => {
    await injectFault(sandbox, 'catcher', 'hang', { route: '/slow', hangMs: 3000 });
    const { record, outcome } = await deliverOnce(guard, delivery('slow'), {
      timeoutMs: 300,
      clock: systemClock,
    });
    expect(outcome).toMatchObject({ kind: 'retry', retryAfterMs: null });
    expect(record).toMatchObject({ statusCode: null, answer: null, error: expect.any(String) });
    expect(record.durationMs).toBeGreaterThanOrEqual(250);
    expect(record.durationMs).toBeLessThan(3000);
    expect(await caught('slow')).toHaveLength(1);
  });

  it('keeps its status and the first 200 characters of a long answer', async () => {
    redirector.route(
      '/long',
      (_hit, response) =>
        void response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5000)),
    );
    const { record, outcome } = await deliverOnce(
      guard,
      { ...delivery('long'), url: `${redirector.url}/long` },
      options,
    );
    expect(outcome).toEqual({ kind: 'delivered' });
    expect(record).toMatchObject({ statusCode: 200, answer: 'x'.repeat(200) });
  });

  it('keeps only printable ASCII of an answer: line breaks become spaces, anything else "?"', async () => {
    redirector.route(
      '/page',
      (_hit, response) =>
        void response
          .writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            '<h1>Nicht gefunden</h1>\r\n\tCafé ☕ \u0000\u001b[31m\u202eevil\n' + 'y'.repeat(500),
          ),
    );
    const { record, outcome } = await deliverOnce(
      guard,
      { ...delivery('page'), url: `${redirector.url}/page` },
      options,
    );
    expect(outcome).toEqual({ kind: 'give-up', reason: 'the endpoint answered 404' });
    const kept = '<h1>Nicht gefunden</h1>   Caf? ? ??[31m?evil ';
    expect(record).toMatchObject({
      statusCode: 404,
      answer: kept + 'y'.repeat(200 - kept.length),
    });
  });

  describe('the outbound guard', () => {
    it.each([
      [
        'a name resolving to 127.0.0.1',
        'http://loopback.example/hook',
        'the host loopback.example resolves to a loopback address',
      ],
      [
        'a name resolving to 10.0.0.5',
        'http://private.example/hook',
        'the host private.example resolves to a private address',
      ],
      [
        'a name resolving to 169.254.169.254',
        'http://metadata.example/latest/meta-data/',
        'the host metadata.example resolves to a cloud metadata address',
      ],
      [
        'a name resolving to ::1',
        'http://v6loopback.example/hook',
        'the host v6loopback.example resolves to a loopback address',
      ],
      [
        '127.0.0.1 (another port than the sandbox)',
        'http://127.0.0.1:9/hook',
        '127.0.0.1 is a loopback address',
      ],
      ['10.0.0.5', 'https://10.0.0.5/hook', '10.0.0.5 is a private address'],
      [
        '169.254.169.254',
        'http://169.254.169.254/latest/meta-data/',
        '169.254.169.254 is a cloud metadata address',
      ],
      ['[::1]', 'http://[::1]:8080/hook', '::1 is a loopback address'],
    ])('refuses %s: given up, nothing sent', async (_name, url, message) => {
      const { record, outcome } = await deliverOnce(guard, { ...delivery('never'), url }, options);
      expect(outcome).toEqual({ kind: 'give-up', reason: `the address was refused: ${message}` });
      expect(record).toMatchObject({ statusCode: null, answer: null, error: message });
    });

    it.each([
      [
        '127.0.0.1',
        () => `http://127.0.0.1:${redirector.port + 1}/hook`,
        '127.0.0.1 is a loopback address',
      ],
      [
        'a name resolving to 127.0.0.1',
        () => `http://loopback.example:${redirector.port}/hook`,
        'the host loopback.example resolves to a loopback address',
      ],
      ['10.0.0.5', () => 'http://10.0.0.5/hook', '10.0.0.5 is a private address'],
      [
        '169.254.169.254',
        () => 'http://169.254.169.254/latest/meta-data/',
        '169.254.169.254 is a cloud metadata address',
      ],
      ['[::1]', () => `http://[::1]:${redirector.port}/hook`, '::1 is a loopback address'],
    ])('refuses a redirect to %s: given up', async (_name, target, message) => {
      redirector.route('/redirect', redirectTo(target(), 307));
      redirector.hits.length = 0;
      const { record, outcome } = await deliverOnce(
        guard,
        { ...delivery('redirected'), url: `${redirector.url}/redirect` },
        options,
      );
      expect(outcome).toEqual({
        kind: 'give-up',
        reason: `the address was refused: a redirect was refused: ${message}`,
      });
      expect(record).toMatchObject({
        statusCode: null,
        error: `a redirect was refused: ${message}`,
      });
      expect(redirector.hits.map((hit) => hit.url)).toEqual(['/redirect']);
    });
  });
});
