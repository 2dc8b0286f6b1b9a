import type { InjectOptions } from 'fastify';
import { insertProfile, joinOrganizationOf } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import {
  contentTypes,
  pick,
  randomBody,
  randomJson,
  randomQuery,
  randomSegment,
  randomString,
  seededRandom,
  type Random,
} from './helpers/fuzz.js';
import { ORIGIN, createTestApp, signIn, type TestApp } from './helpers/test-app.js';

/** The API key and platform lookup routes; {id} and {userId} get generated segments or ids that exist. */
const routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }[] = [
  { method: 'GET', path: '/api/admin/dashboard/api-keys' },
  { method: 'POST', path: '/api/admin/dashboard/api-keys' },
  { method: 'POST', path: '/api/admin/dashboard/api-keys/check' },
  { method: 'PUT', path: '/api/admin/dashboard/api-keys/{id}' },
  { method: 'PUT', path: '/api/admin/dashboard/api-keys/{id}/validate' },
  { method: 'DELETE', path: '/api/admin/dashboard/smartlead/{id}' },
  { method: 'GET', path: '/api/admin/dashboard/api-keys/{id}/lead-categories' },
  { method: 'POST', path: '/api/admin/dashboard/api-keys/{id}/lead-categories' },
  { method: 'GET', path: '/api/admin/dashboard/users/{id}/api-keys' },
  { method: 'GET', path: '/api/admin/dashboard/smartlead/api-keys/{id}/client-list' },
  { method: 'GET', path: '/api/admin/api-keys/{id}/heyreach/lists' },
  { method: 'POST', path: '/api/admin/api-keys/{id}/heyreach/lists' },
];

const CASES_PER_ROUTE = 300;
const TIME_BUDGET_MS = 15_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20241123);

/** A body close to a valid one with one field broken, or garbage. */
function plausibleBody(random: Random, profileIds: number[]): string {
  if (random() < 0.35) return randomBody(random);
  const platform = pick(random, [
    'smartlead',
    'instantly',
    'bison',
    'heyreach',
    'lemlist',
    '',
    null,
  ]);
  const body: Record<string, unknown> = {
    platform,
    apiKey: pick(random, [
      'sl-valid-key',
      'in-valid-key',
      'eb-valid-key',
      'hr-valid-key',
      'wrong-key',
      '',
      ' a b ',
      '😀',
      'x'.repeat(600),
    ]),
    description: pick(random, ['Key', '', '  ', 'x'.repeat(300), 'nul\u0000byte']),
    userProfileId: pick(random, [...profileIds, 0, -1, 99_999, 2 ** 31, 2 ** 40, '1', 1.5]),
    baseUrl: pick(random, [
      'https://dedi.emailbison.com',
      'not a url',
      '',
      null,
      'javascript:alert(1)',
      'http://[::1',
      undefined,
    ]),
    listName: pick(random, ['New list', '', '   ', 'x'.repeat(300), 7]),
    categories: pick(random, [
      [{ categoryName: 'Hot Lead' }],
      [],
      [{ categoryName: '' }],
      [{ categoryName: 'nul\u0000' }],
      [{ categoryName: 'A', categoryId: 'a', userProfileId: profileIds[0] }],
      [{ categoryName: 'B', userProfileId: 2 ** 40 }],
      'nope',
      [null],
    ]),
  };
  const keys = Object.keys(body);
  const broken = pick(random, keys);
  if (random() < 0.5) body[broken] = randomJson(random);
  // eslint-disable-next-line no-dupe-else-if -- every random() call is a new draw
  else if (random() < 0.5) delete body[broken];
  if (random() < 0.2) body[randomString(random).slice(0, 20) || 'extra'] = randomJson(random);
  return JSON.stringify(body);
}

describe('fuzz: API key and platform lookup routes', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let cookies: string[];
  let profileIds: number[];

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
    // Role rules within one organization: the seeded user joins the admin's (organizations apart: permission-matrix.test.ts).
    await joinOrganizationOf(t.app, 'user', 'admin');
    cookies = [
      await signIn(t.app, 'admin'),
      await signIn(t.app, 'manager'),
      await signIn(t.app, 'user'),
      'crm_sync_session=garbage',
      '',
    ];
    profileIds = [
      await insertProfile(t.app, 'admin'),
      await insertProfile(t.app, 'manager'),
      await insertProfile(t.app, 'user'),
    ];
    // a few keys to hit, one per platform, on different owners
    const keys = [
      ['smartlead', 'sl-valid-key', 2],
      ['instantly', 'in-valid-key', 1],
      ['bison', 'eb-valid-key', 0],
      ['heyreach', 'hr-valid-key', 2],
      ['heyreach', 'wrong-key', 1],
    ] as const;
    for (const [platform, apiKey, owner] of keys) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/dashboard/api-keys',
        headers: { cookie: cookies[0]!, origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({
          platform,
          apiKey,
          description: 'fuzz',
          userProfileId: profileIds[owner],
          baseUrl: 'https://dedi.emailbison.com',
        }),
      });
      if (response.statusCode !== 201) throw new Error(response.body);
    }
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  function randomRequest(
    random: Random,
    route: (typeof routes)[number],
  ): InjectOptions & { url: string } {
    const method = pick(random, [
      route.method,
      route.method,
      route.method,
      route.method,
      'POST',
      'PUT',
      'DELETE',
      'GET',
    ] as const);
    const headers: Record<string, string> = {};
    const cookie = pick(random, cookies);
    if (cookie) headers.cookie = cookie;
    if (random() < 0.9) headers.origin = ORIGIN;
    const id =
      random() < 0.5
        ? String(pick(random, [1, 2, 3, 4, 5, 6, 2 ** 31, 2 ** 40]))
        : randomSegment(random);
    const query =
      random() < 0.3
        ? `?platform=${pick(random, ['smartlead', 'heyreach', 'x', '', '%zz'])}`
        : randomQuery(random);
    const options: InjectOptions & { url: string } = {
      method,
      url: `${route.path.replace('{id}', id)}${query}`,
      headers,
    };
    if (method !== 'GET' && random() < 0.9) {
      const contentType = random() < 0.7 ? 'application/json' : pick(random, contentTypes);
      if (contentType !== undefined) headers['content-type'] = contentType;
      options.payload = plausibleBody(random, profileIds);
    }
    return options;
  }

  it(`sends up to ${CASES_PER_ROUTE} generated requests per route: never a 5xx, every error a { message }`, async () => {
    const random = seededRandom(SEED);
    const started = Date.now();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const route of routes) {
      for (let i = 0; i < CASES_PER_ROUTE && Date.now() - started < TIME_BUDGET_MS; i += 1) {
        const request = randomRequest(random, route);
        const response = await t.app.inject(request);
        sent += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const describe = () =>
          `${String(request.method)} ${request.url.slice(0, 120)} ${String(request.payload ?? '').slice(0, 160)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (response.statusCode >= 500) failures.push(describe());
        if (response.statusCode >= 400) {
          let message: unknown;
          try {
            message = (JSON.parse(response.body) as { message?: unknown }).message;
          } catch {
            message = undefined;
          }
          if (typeof message !== 'string' || message === '')
            failures.push(`no message: ${describe()}`);
        }
      }
    }
    process.stdout.write(
      `api-keys fuzz: ${sent} requests over ${routes.length} routes in ${Date.now() - started} ms (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(routes.length * 30);
    for (const status of [200, 400, 401, 403, 404])
      expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
  });
});
