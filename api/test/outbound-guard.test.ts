import {
  loadOutboundSettings,
  refusedAddressReason,
  type OutboundGuard,
  type OutboundTarget,
} from '../src/outbound/index.js';
import { createOutboundPolicy } from '../src/outbound/policy.js';
import { hostRules } from '../src/outbound/host-rules.js';
import { guardedAgent, guardedRequest } from '../src/outbound/transport.js';
import { guardWith, resolver, testConfiguredUrls } from './helpers/outbound.js';
import {
  answerJson,
  hugeAnswer,
  redirectTo,
  startStandIn,
  type StandIn,
} from './helpers/stand-in.js';

const refusal = async (
  guard: OutboundGuard,
  target: OutboundTarget,
  url: string,
): Promise<string | undefined> => {
  try {
    await guard.vet(target, url);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('address classes', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['172.16.5.4', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['169.254.1.1', 'a link-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['100.100.100.200', 'a cloud metadata address'],
    ['224.0.0.1', 'a multicast address'],
    ['0.0.0.0', 'an unspecified address'],
    ['255.255.255.255', 'a broadcast address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:a00:1', 'a private address'],
    ['fe80::1', 'a link-local address'],
    ['fc00::1', 'a private address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['ff02::1', 'a multicast address'],
    ['0x7f000001', 'a loopback address'],
    ['2130706433', 'a loopback address'],
    ['127.1', 'a loopback address'],
  ])('%s is %s', (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  it.each([
    ['::7f00:1', 'IPv4-compatible 127.0.0.1, as a URL writes [::127.0.0.1]'],
    ['::a00:1', 'IPv4-compatible 10.0.0.1'],
    ['::ffff:0:7f00:1', 'IPv4-translated 127.0.0.1'],
    ['4000::1', 'unassigned'],
    ['100::1', 'discard-only'],
  ])('%s (%s) is outside global unicast 2000::/3: refused', (address) => {
    expect(refusedAddressReason(address)).toMatch(
      /^(not a global unicast address|a reserved address)/,
    );
  });

  it("refuses a URL's [::127.0.0.1] on connecting", () => {
    expect(refusedAddressReason(new URL('https://[::127.0.0.1]/').hostname)).toBe(
      'not a global unicast address',
    );
    expect(refusedAddressReason(new URL('https://[::ffff:127.0.0.1]/').hostname)).toBe(
      'a loopback address',
    );
  });

  it.each(['64:ff9b::7f00:1', '2002:7f00:1::', '2001:db8::1', '192.0.2.1', '198.18.0.1'])(
    '%s embeds or is a reserved address: refused',
    (address) => {
      expect(refusedAddressReason(address)).toMatch(/^a reserved address/);
    },
  );

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:93.184.216.34'])(
    '%s is public',
    (address) => {
      expect(refusedAddressReason(address)).toBeUndefined();
    },
  );
});

describe('the URL rules (vet)', () => {
  const guard = guardWith();

  it.each([
    ['https://127.0.0.1/', '127.0.0.1 is a loopback address'],
    ['https://10.0.0.1/api', '10.0.0.1 is a private address'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    ['https://[::1]:8443/', '::1 is a loopback address'],
    ['https://0x7f000001/', '127.0.0.1 is a loopback address'],
    ['https://2130706433/', '127.0.0.1 is a loopback address'],
    ['https://127.1/', '127.0.0.1 is a loopback address'],
    ['https://[::ffff:7f00:1]/', '::ffff:7f00:1 is a loopback address'],
    ['https://[::127.0.0.1]/', '::7f00:1 is not a global unicast address'],
    ['https://[::ffff:0:7f00:1]/', '::ffff:0:7f00:1 is a reserved address (rfc6145)'],
    ['https://loopback.example/', 'the host loopback.example resolves to a loopback address'],
    ['https://mixed.example/', 'the host mixed.example resolves to a private address'],
    ['https://metadata.example/', 'the host metadata.example resolves to a cloud metadata address'],
    ['https://v6loopback.example/', 'the host v6loopback.example resolves to a loopback address'],
    ['http://public.example/', 'only https URLs are called'],
    ['ftp://public.example/', 'only https URLs are called, not ftp'],
    ['https://user:pw@public.example/', 'URLs with a user name or password are not called'],
    ['not a url', 'the URL could not be read'],
  ])('EmailBison %s: refused (%s)', async (url, message) => {
    expect(await refusal(guard, 'EmailBison', url)).toBe(message);
  });

  it('EmailBison: any public https host; a host that does not resolve yet is checked again on connect', async () => {
    expect(await refusal(guard, 'EmailBison', 'https://public.example/api')).toBeUndefined();
    expect(await refusal(guard, 'EmailBison', 'https://93.184.216.34/')).toBeUndefined();
    expect(await refusal(guard, 'EmailBison', 'https://not-yet.example/')).toBeUndefined();
  });

  it('Salesforce: My Domain, sandbox and Lightning hosts; nothing else', async () => {
    for (const ok of [
      'https://acme.my.salesforce.com',
      'https://acme--dev.sandbox.my.salesforce.com',
      'https://acme.lightning.force.com',
    ]) {
      expect(await refusal(guard, 'Salesforce', ok)).toBeUndefined();
    }
    expect(await refusal(guard, 'Salesforce', 'https://127.0.0.1:9443')).toBe(
      '127.0.0.1 is a loopback address',
    );
    expect(await refusal(guard, 'Salesforce', 'https://public.example')).toBe(
      'the host is not a Salesforce domain (*.my.salesforce.com or *.force.com)',
    );
    expect(await refusal(guard, 'Salesforce', 'https://evilmy.salesforce.com')).toMatch(
      /^the host is not a Salesforce domain/,
    );
    expect(await refusal(guard, 'Salesforce', 'https://my.salesforce.com.public.example')).toMatch(
      /^the host is not a Salesforce domain/,
    );
    expect(await refusal(guard, 'Salesforce', 'https://93.184.216.34')).toMatch(
      /^the host is not a Salesforce domain/,
    );
    expect(await refusal(guard, 'Salesforce', 'https://rebound.my.salesforce.com')).toBe(
      'the host rebound.my.salesforce.com resolves to a loopback address',
    );
    expect(await refusal(guard, 'Salesforce', 'http://acme.my.salesforce.com')).toBe(
      'only https URLs are called',
    );
  });

  it('fixed providers: their configured host only', async () => {
    expect(
      await refusal(guard, 'Smartlead', 'https://server.smartlead.ai/api/v1/client/'),
    ).toBeUndefined();
    expect(await refusal(guard, 'Smartlead', 'https://public.example/api/v1')).toBe(
      "the host is not Smartlead's configured host (server.smartlead.ai)",
    );
  });

  it('webhook endpoints: http or https at public addresses', async () => {
    expect(await refusal(guard, 'Webhook endpoint', 'http://public.example/hook')).toBeUndefined();
    expect(await refusal(guard, 'Webhook endpoint', 'https://10.0.0.1/hook')).toBe(
      '10.0.0.1 is a private address',
    );
    expect(await refusal(guard, 'Webhook endpoint', 'http://loopback.example/hook')).toBe(
      'the host loopback.example resolves to a loopback address',
    );
  });

  it('an allow-listed host:port is called as it is (the sandbox), other ports of it are not', async () => {
    const sandboxed = guardWith({ providers: ['127.0.0.1:8090', 'localhost:8090'] });
    expect(
      await refusal(sandboxed, 'Salesforce', 'http://127.0.0.1:8090/salesforce'),
    ).toBeUndefined();
    expect(
      await refusal(sandboxed, 'EmailBison', 'http://localhost:8090/emailbison'),
    ).toBeUndefined();
    expect(await refusal(sandboxed, 'EmailBison', 'http://127.0.0.1:8091/')).toBe(
      'only https URLs are called',
    );
    expect(await refusal(sandboxed, 'EmailBison', 'https://127.0.0.1:8091/')).toBe(
      '127.0.0.1 is a loopback address',
    );
  });
});

describe('the allow-lists are scoped: providers and endpoints each their own (issue 53)', () => {
  const providersOnly = guardWith({ providers: ['127.0.0.1:8090', 'loopback.example:8090'] });
  const endpointsOnly = guardWith({ endpoints: ['127.0.0.1:8091', 'loopback.example:8091'] });

  it("a provider's allowed host is not opened to a user's endpoint", async () => {
    expect(await refusal(providersOnly, 'EmailBison', 'http://127.0.0.1:8090/')).toBeUndefined();
    expect(await refusal(providersOnly, 'Webhook endpoint', 'http://127.0.0.1:8090/hook')).toBe(
      '127.0.0.1 is a loopback address',
    );
    expect(
      await refusal(providersOnly, 'Webhook endpoint', 'http://loopback.example:8090/hook'),
    ).toBe('the host loopback.example resolves to a loopback address');
  });

  it("an endpoint's allowed host is not opened to a CRM or platform", async () => {
    expect(
      await refusal(endpointsOnly, 'Webhook endpoint', 'http://127.0.0.1:8091/hook'),
    ).toBeUndefined();
    expect(
      await refusal(endpointsOnly, 'Webhook endpoint', 'http://loopback.example:8091/hook'),
    ).toBeUndefined();
    expect(await refusal(endpointsOnly, 'EmailBison', 'http://127.0.0.1:8091/')).toBe(
      'only https URLs are called',
    );
    expect(await refusal(endpointsOnly, 'EmailBison', 'https://loopback.example:8091/')).toBe(
      'the host loopback.example resolves to a loopback address',
    );
  });
});

describe('settings', () => {
  it('allows the sandbox by default, nothing with SANDBOX_URL=off, and reads explicit entries', () => {
    expect(loadOutboundSettings({}, 'http://localhost:8090')).toEqual({
      allowHosts: ['localhost:8090'],
      endpointAllowHosts: ['localhost:8090'],
      maxAnswerBytes: 1048576,
    });
    expect(loadOutboundSettings({}, null)).toMatchObject({
      allowHosts: [],
      endpointAllowHosts: [],
    });
    expect(
      loadOutboundSettings(
        {
          OUTBOUND_ALLOW_HOSTS: '127.0.0.1:9000, [::1]:9001,stand-in.test',
          OUTBOUND_MAX_ANSWER_BYTES: '2048',
        },
        null,
      ),
    ).toEqual({
      allowHosts: ['127.0.0.1:9000', '[::1]:9001', 'stand-in.test'],
      endpointAllowHosts: [],
      maxAnswerBytes: 2048,
    });
    // each list is its own setting: naming one never fills the other
    expect(
      loadOutboundSettings({ ENDPOINT_ALLOW_HOSTS: 'http://hooks.internal:8080' }, 'http://sb:1'),
    ).toMatchObject({ allowHosts: ['sb:1'], endpointAllowHosts: ['hooks.internal:8080'] });
    expect(() => loadOutboundSettings({ OUTBOUND_ALLOW_HOSTS: 'a.example/path' }, null)).toThrow(
      /OUTBOUND_ALLOW_HOSTS/,
    );
    expect(() => loadOutboundSettings({ ENDPOINT_ALLOW_HOSTS: 'a.example/path' }, null)).toThrow(
      /^ENDPOINT_ALLOW_HOSTS entries are host or host:port, got "a.example\/path"$/,
    );
    expect(() => loadOutboundSettings({ OUTBOUND_MAX_ANSWER_BYTES: '-1' }, null)).toThrow(
      /OUTBOUND_MAX_ANSWER_BYTES/,
    );
  });
});

describe('calls through the guard', () => {
  let provider: StandIn;
  let internal: StandIn;
  let guard: OutboundGuard;

  beforeAll(async () => {
    provider = await startStandIn();
    internal = await startStandIn();
    internal.route('/', answerJson(200, { secret: 'internal data' }));
    guard = guardWith({ providers: [`127.0.0.1:${provider.port}`] });
  });
  afterAll(async () => {
    await guard.close();
    await provider.close();
    await internal.close();
  });
  beforeEach(() => {
    provider.hits.length = 0;
    internal.hits.length = 0;
  });

  const call = (
    url: string,
    extra: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {},
  ) => guard.request('EmailBison', { url, timeoutMs: 5000, ...extra });

  it('reads an answer from an allowed host', async () => {
    provider.route('/ok', answerJson(200, { data: [1, 2] }));
    const answer = await call(`${provider.url}/ok`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ data: [1, 2] });
    expect(answer.headers.get('content-type')).toBe('application/json');
  });

  it.each([
    [
      'loopback on another port',
      () => `http://127.0.0.1:${internal.port}/`,
      /^a redirect was refused: only https URLs are called$/,
    ],
    [
      'loopback over https',
      () => `https://127.0.0.1:${internal.port}/`,
      /^a redirect was refused: 127\.0\.0\.1 is a loopback address$/,
    ],
    [
      'a name resolving to loopback',
      () => `https://loopback.example:${internal.port}/`,
      /^a redirect was refused: the host loopback\.example resolves to a loopback address$/,
    ],
    [
      'the metadata address',
      () => 'https://169.254.169.254/latest/meta-data/',
      /^a redirect was refused: 169\.254\.169\.254 is a cloud metadata address$/,
    ],
    [
      'IPv6 loopback',
      () => `https://[::1]:${internal.port}/`,
      /^a redirect was refused: ::1 is a loopback address$/,
    ],
  ])('refuses a redirect to %s, and never connects there', async (_name, target, message) => {
    provider.route('/redirect', redirectTo(target()));
    await expect(call(`${provider.url}/redirect`)).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(message),
    });
    expect(internal.hits).toEqual([]);
  });

  it('follows redirects within allowed hosts, 303 turns a POST into a GET, and stops after 5', async () => {
    provider.route('/hop', redirectTo('/ok', 303));
    const answer = await call(`${provider.url}/hop`, {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(provider.hits.map((hit) => `${hit.method} ${hit.url}`)).toEqual([
      'POST /hop',
      'GET /ok',
    ]);
    provider.route('/loop', redirectTo('/loop'));
    await expect(call(`${provider.url}/loop`)).rejects.toMatchObject({
      kind: 'refused',
      message: 'more than 5 redirects',
    });
  });

  it('cuts a 10 MB answer at the cap, with or without a content-length', async () => {
    const huge = hugeAnswer(10 * 1024 * 1024);
    provider.route('/huge', huge.handler);
    await expect(call(`${provider.url}/huge`)).rejects.toMatchObject({
      kind: 'too-large',
      message: 'the answer is larger than 1048576 bytes',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(huge.finished()).toBe(false);
    provider.route(
      '/declared',
      (_hit, response) =>
        void response
          .writeHead(200, { 'content-length': String(5 * 1024 * 1024) })
          .end(Buffer.alloc(5 * 1024 * 1024)),
    );
    await expect(call(`${provider.url}/declared`)).rejects.toMatchObject({ kind: 'too-large' });
  });

  it("never posts to a provider's allowed stand-in for a user's endpoint, by address or by name", async () => {
    provider.route('/ok', answerJson(200, { data: 'provider only' }));
    for (const url of [
      `http://127.0.0.1:${provider.port}/ok`,
      `http://loopback.example:${provider.port}/ok`,
    ])
      await expect(
        guard.request('Webhook endpoint', { url, method: 'POST', body: '{}', timeoutMs: 2000 }),
      ).rejects.toMatchObject({ kind: 'refused' });
    expect(provider.hits).toEqual([]);
  });

  it('says a host that does not resolve could not be resolved, and a hang timed out', async () => {
    await expect(call('https://nowhere.example/')).rejects.toMatchObject({
      kind: 'unresolved',
      message: 'the host nowhere.example could not be resolved',
    });
    provider.route('/hang', () => undefined);
    await expect(
      guard.request('EmailBison', { url: `${provider.url}/hang`, timeoutMs: 200 }),
    ).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('connects to the address it checked, never to a second DNS answer', async () => {
    // "rebind.test" is not in any DNS: only the policy's own pick can lead the socket to the stand-in.
    const picks: string[] = [];
    const policy = createOutboundPolicy(
      { allowHosts: [], endpointAllowHosts: [], maxAnswerBytes: 1024 },
      hostRules(testConfiguredUrls),
      resolver({}),
    );
    const pinned = {
      ...policy,
      checkUrl: (_target: OutboundTarget, url: string) => new URL(url),
      pickAddress: async (_scope: string, hostname: string) => (picks.push(hostname), '127.0.0.1'),
    };
    const agent = guardedAgent(pinned, 'endpoints');
    provider.route('/pinned', answerJson(200, { pinned: true }));
    const answer = await guardedRequest(pinned, agent, 1024, 'Webhook endpoint', {
      url: `http://rebind.test:${provider.port}/pinned`,
      timeoutMs: 2000,
    });
    await agent.close();
    expect(answer.status).toBe(200);
    expect(picks).toEqual(['rebind.test']);
    expect(provider.hits.at(-1)?.headers.host).toBe(`rebind.test:${provider.port}`);
  });
});
