import { embedMessages, type CreatedEmbedKey, type EmbedToken } from 'shared/contract';
import { fakeClock } from './helpers/fake-clock.js';
import { insertApiKey, insertOutsider, insertProfile } from './helpers/rows.js';
import {
  ORIGIN,
  call,
  createTestApp,
  json,
  signIn,
  type TestAccount,
  type TestApp,
} from './helpers/test-app.js';

const PORTAL = 'https://portal.customer.example';
const LISTED = 'https://admin.crm-sync.example';
const ME = '/api/admin/me';
const BLOCK_LISTS = '/api/admin/dashboard/smartlead/blocked-lists';
const WEBHOOK_LOGS = '/api/admin/webhook-logs';
const revealPath = (id: number) => `/api/admin/dashboard/api-keys/${id}/reveal`;

/**
 * Embedding an area on another site (issue 59): an admin's embed key, traded by that site's server
 * for a short-lived token of one user, good for the named areas' calls only, from any origin.
 */
describe('embed keys and tokens', () => {
  let t: TestApp;
  const clock = fakeClock(new Date('2026-03-01T10:00:00Z'));
  const cookies = {} as Record<TestAccount, string>;
  let key: CreatedEmbedKey;
  const logLines: string[] = [];
  const secretsSeen: string[] = [];

  const mint = (secret: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/embed/tokens',
      headers: {
        'content-type': 'application/json',
        ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      },
      payload: JSON.stringify(body),
    });
  const tokenFor = async (email: string, areas: string[]) => {
    const response = await mint(key.secret, { email, areas });
    expect(response.statusCode).toBe(200);
    const { token } = json<EmbedToken>(response);
    secretsSeen.push(token);
    return token;
  };
  const withToken = (
    token: string,
    url: string,
    method: 'GET' | 'DELETE' = 'GET',
    origin = PORTAL,
  ) => t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, origin } });

  beforeAll(async () => {
    t = await createTestApp(
      { ALLOWED_ORIGINS: LISTED, LOG_LEVEL: 'info' },
      { clock, logStream: { write: (line) => void logLines.push(line) } },
    );
    await insertOutsider(t.app);
    for (const account of ['admin', 'user', 'outsider'] as const)
      cookies[account] = await signIn(t.app, account);
    // the outsider is an admin of the user's organization
    const made = await t.app.inject(
      call('POST', '/api/admin/embed-keys', cookies.outsider, { name: 'Customer portal' }),
    );
    expect(made.statusCode).toBe(201);
    key = json<CreatedEmbedKey>(made);
    secretsSeen.push(key.secret);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the key once, then lists it by name and prefix only, to admins of its organization', async () => {
    expect(key.secret).toMatch(/^ek_[\w-]{43}$/);
    expect(key.embedKey).toMatchObject({
      name: 'Customer portal',
      prefix: key.secret.slice(0, 9),
      createdBy: 'outsider@example.com',
      revokedAt: null,
    });
    const listed = await t.app.inject(call('GET', '/api/admin/embed-keys', cookies.outsider));
    expect(listed.body).not.toContain(key.secret);
    expect(json(listed)).toEqual([expect.objectContaining({ id: key.embedKey.id })]);
    const otherOrganization = await t.app.inject(
      call('GET', '/api/admin/embed-keys', cookies.admin),
    );
    expect(json(otherOrganization)).toEqual([]);
    const asUser = await t.app.inject(call('GET', '/api/admin/embed-keys', cookies.user));
    expect(asUser.statusCode).toBe(403);
    expect(json(asUser)).toEqual({ message: 'Only admins can manage embed keys' });
  });

  it('mints a token for a user of the key’s organization and refuses anything else', async () => {
    const minted = await mint(key.secret, { email: 'User@Example.com', areas: ['blocklists'] });
    expect(minted.statusCode).toBe(200);
    expect(minted.headers['cache-control']).toBe('no-store');
    expect(json(minted)).toMatchObject({
      areas: ['blocklists'],
      expiresAt: '2026-03-01T10:15:00.000Z',
    });
    expect(json(await mint(undefined, { email: 'user@example.com', areas: ['logs'] }))).toEqual({
      message: 'Send the embed key as Authorization: Bearer <key>',
    });
    const wrongKey = await mint('ek_not-a-key', { email: 'user@example.com', areas: ['logs'] });
    expect([wrongKey.statusCode, json(wrongKey)]).toEqual([401, { message: embedMessages.badKey }]);
    // the seeded admin belongs to another organization
    const stranger = await mint(key.secret, { email: 'admin@example.com', areas: ['logs'] });
    expect([stranger.statusCode, json(stranger)]).toEqual([401, { message: embedMessages.noUser }]);
    const noArea = await mint(key.secret, { email: 'user@example.com', areas: [] });
    expect([noArea.statusCode, json(noArea)]).toEqual([400, { message: embedMessages.areas }]);
  });

  it("serves the token's areas as its user, and nothing else", async () => {
    const token = await tokenFor('user@example.com', ['blocklists']);
    const me = await withToken(token, ME);
    expect(me.statusCode).toBe(200);
    expect(json<{ details: { email: string } }>(me).details.email).toBe('user@example.com');
    expect((await withToken(token, BLOCK_LISTS)).statusCode).toBe(200);
    const logs = await withToken(token, WEBHOOK_LOGS);
    expect([logs.statusCode, json(logs)]).toEqual([403, { message: embedMessages.outOfScope }]);
    const keys = await withToken(token, '/api/admin/embed-keys');
    expect(keys.statusCode).toBe(403);
  });

  it("cannot read another user's data: the user's own rules apply", async () => {
    const token = await tokenFor('user@example.com', ['connections']);
    const theirs = await insertApiKey(t.app, await insertProfile(t.app, 'outsider'), 'smartlead');
    const own = await insertApiKey(t.app, await insertProfile(t.app, 'user'), 'smartlead');
    expect((await withToken(token, revealPath(own))).statusCode).toBe(200);
    expect((await withToken(token, revealPath(theirs))).statusCode).toBe(403);
  });

  it('ignores the cookies of a call that brings a token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: ME,
      headers: { authorization: 'Bearer not-a-token', cookie: cookies.outsider },
    });
    expect(response.statusCode).toBe(401);
  });

  it('ends a token when it expires and when its key is revoked', async () => {
    const token = await tokenFor('user@example.com', ['logs']);
    clock.advance(16 * 60_000);
    const expired = await withToken(token, ME);
    expect([expired.statusCode, json(expired)]).toEqual([401, { message: embedMessages.expired }]);

    const fresh = await tokenFor('user@example.com', ['logs']);
    expect((await withToken(fresh, ME)).statusCode).toBe(200);
    const revoked = await t.app.inject(
      call('DELETE', `/api/admin/embed-keys/${key.embedKey.id}`, cookies.outsider),
    );
    expect(json(revoked)).toMatchObject({ revokedAt: clock.now().toISOString() });
    expect((await withToken(fresh, ME)).statusCode).toBe(401);
    const again = await mint(key.secret, { email: 'user@example.com', areas: ['logs'] });
    expect([again.statusCode, json(again)]).toEqual([401, { message: embedMessages.badKey }]);
  });

  describe('CORS', () => {
    it("lets any origin make a token's calls and read them, without credentials", async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: BLOCK_LISTS,
        headers: {
          origin: PORTAL,
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(PORTAL);
      expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

      const made = await t.app.inject(
        call('POST', '/api/admin/embed-keys', cookies.outsider, { name: 'CORS' }),
      );
      key = json<CreatedEmbedKey>(made);
      secretsSeen.push(key.secret);
      const token = await tokenFor('user@example.com', ['blocklists']);
      const read = await withToken(token, BLOCK_LISTS);
      expect(read.headers['access-control-allow-origin']).toBe(PORTAL);
      expect(read.headers['access-control-allow-credentials']).toBeUndefined();
      // an unsafe call with a token passes the Origin check from the embedding page's origin
      const removed = await withToken(token, `${BLOCK_LISTS}/999999`, 'DELETE');
      expect(removed.statusCode).toBe(404);
    });

    it('gives listed origins credentials and unlisted ones nothing', async () => {
      const listed = await t.app.inject({
        method: 'GET',
        url: ME,
        headers: { origin: LISTED, cookie: cookies.user },
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.headers['access-control-allow-origin']).toBe(LISTED);
      expect(listed.headers['access-control-allow-credentials']).toBe('true');

      const unlisted = await t.app.inject({
        method: 'GET',
        url: ME,
        headers: { origin: PORTAL, cookie: cookies.user },
      });
      expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
      const forged = await t.app.inject({
        ...call('DELETE', `${BLOCK_LISTS}/999999`, cookies.user),
        headers: { origin: PORTAL, cookie: cookies.user },
      });
      expect([forged.statusCode, json(forged)]).toEqual([
        403,
        { message: 'Cross-origin request refused' },
      ]);
      expect(ORIGIN).not.toBe(PORTAL);
    });
  });

  it('logs no embed key and no token', () => {
    expect(logLines.length).toBeGreaterThan(10);
    expect(secretsSeen.length).toBeGreaterThan(5);
    for (const secret of secretsSeen)
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
  });
});
