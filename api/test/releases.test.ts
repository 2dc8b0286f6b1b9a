import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseArea, RuntimeConfig } from 'shared/contract';
import { findUserByEmail } from '../src/repositories/users.js';
import { canaryBucket, inCanary, rollbackTarget } from '../src/services/release-rules.js';
import {
  ORIGIN,
  accountEmails,
  createTestApp,
  json,
  makeTempDir,
  signIn,
  type TestApp,
} from './helpers/test-app.js';

/**
 * The release registry (issue 57) on the api: publishing immutable versions, the gate against the
 * live shell's shared libraries and the api's operations, activation, rollback, canaries, who may
 * do it (an admin, or the release command's deploy token), and /remotes.json answering from it.
 */

const DEPLOY_TOKEN = 'deploy-token-for-tests-0123456789';
const HOOK_TIMEOUT_MS = 60_000;

/** The live shell's shared libraries, as its build's mf-manifest.json lists them. */
async function writeShellManifest(dir: string, shared: Record<string, string>): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      shared: Object.entries(shared).map(([name, version]) => ({ name, version })),
    }),
  );
}
/** The host contract the live shell gives, as its build's host-contract.json says (none: no file). */
async function writeShellHostContract(dir: string, version: string | undefined): Promise<void> {
  const file = path.join(dir, 'host-contract.json');
  if (version === undefined) await rm(file, { force: true });
  else await writeFile(file, JSON.stringify({ version, range: `^${version}` }));
}
const shellOf2026 = { react: '19.3.1', 'react-dom': '19.3.1', 'shared/host': '0.1.0' };

const manifestOf = (version: string): string =>
  `http://localhost:8084/v/${version}/mf-manifest.json`;
const build = (version: string, extra: Record<string, unknown> = {}) => ({
  version,
  manifestUrl: manifestOf(version),
  shared: [
    { name: 'react', requiredVersion: '^19.2.0', singleton: true },
    { name: 'shared/host', requiredVersion: '^0.1.0', singleton: true },
  ],
  operations: ['listWebhookLogs', 'getWebhookLog'],
  ...extra,
});

describe('release registry', () => {
  let t: TestApp;
  let shellDir: string;
  let admin: string;
  let manager: string;

  beforeAll(async () => {
    shellDir = path.join(await makeTempDir(), 'shell');
    await writeShellManifest(shellDir, shellOf2026);
    await writeShellHostContract(shellDir, '1.0.0');
    t = await createTestApp({ SHELL_DIST_DIR: shellDir, DEPLOY_TOKEN });
    admin = await signIn(t.app, 'admin');
    manager = await signIn(t.app, 'manager');
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => t?.close(), HOOK_TIMEOUT_MS);

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: { cookie?: string; token?: string },
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(who.token ? { authorization: `Bearer ${who.token}` } : { origin: ORIGIN }),
        ...(who.cookie ? { cookie: who.cookie } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const publish = (area: string, body: Record<string, unknown>, cookie = admin) =>
    call('POST', `/api/admin/releases/${area}/versions`, { cookie }, body);
  const areaOf = async (area: string): Promise<ReleaseArea> => {
    const list = json<ReleaseArea[]>(await call('GET', '/api/admin/releases', { cookie: admin }));
    return list.find((entry) => entry.area === area)!;
  };
  const entryFor = async (cookie: string | undefined, area: string): Promise<string> => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: cookie ? { cookie } : {},
    });
    return json<RuntimeConfig>(response).remotes.find((remote) => remote.name === area)!.entry;
  };

  it('serves the configured manifest URL for an area never released', async () => {
    expect(await entryFor(admin, 'mfe_connections')).toBe('http://localhost:8081/mf-manifest.json');
    expect((await areaOf('mfe_connections')).versions).toEqual([]);
  });

  it('publishes a version, makes it live and serves its versioned manifest; the same version twice is 409', async () => {
    const published = await publish('mfe_logs', build('1.0.0+aaa1111'));
    expect(published.statusCode).toBe(200);
    const area = json<ReleaseArea>(published);
    expect(area.live).toBe('1.0.0+aaa1111');
    expect(area.versions[0]).toMatchObject({
      version: '1.0.0+aaa1111',
      publishedBy: accountEmails.admin,
      operations: ['listWebhookLogs', 'getWebhookLog'],
    });
    expect(area.history[0]).toMatchObject({
      action: 'activate',
      version: '1.0.0+aaa1111',
      actor: accountEmails.admin,
    });
    expect(await entryFor(admin, 'mfe_logs')).toBe(manifestOf('1.0.0+aaa1111'));
    expect(await entryFor(undefined, 'mfe_logs')).toBe(manifestOf('1.0.0+aaa1111'));

    const again = await publish(
      'mfe_logs',
      build('1.0.0+aaa1111', { manifestUrl: manifestOf('other') }),
    );
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({
      message: 'mfe_logs 1.0.0+aaa1111 is already published: a version never changes',
    });
    expect((await areaOf('mfe_logs')).versions.map((version) => version.manifestUrl)).toEqual([
      manifestOf('1.0.0+aaa1111'),
    ]);
  });

  it('refuses a build the live dashboard cannot run, naming each conflict, and stores nothing', async () => {
    const refused = await publish(
      'mfe_webhooks',
      build('2.0.0+bbb2222', {
        shared: [
          { name: 'react', requiredVersion: '^20.0.0', singleton: true },
          { name: 'shared/host', requiredVersion: '^0.2.0', singleton: true },
          { name: '@tanstack/react-query', requiredVersion: '^5.90.0', singleton: true },
          // not one per page: a remote whose kit the shell's does not satisfy loads its own
          { name: 'crm-sync-kit/@chakra-ui/react', requiredVersion: '^1.99.0', singleton: false },
        ],
        operations: ['listWebhooks', 'launchRockets'],
      }),
    );
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      message:
        'mfe_webhooks 2.0.0+bbb2222 cannot run on the live dashboard: react ^20.0.0 is needed but the dashboard has 19.3.1; shared/host ^0.2.0 is needed but the dashboard has 0.1.0; @tanstack/react-query ^5.90.0 is needed but the dashboard does not share it; the api has no operation launchRockets',
    });
    expect((await areaOf('mfe_webhooks')).versions).toEqual([]);
    expect(await entryFor(admin, 'mfe_webhooks')).toBe('http://localhost:8082/mf-manifest.json');
  });

  it("refuses a build whose host contract range the live shell's version does not meet, naming it", async () => {
    await writeShellHostContract(shellDir, '1.2.0');
    try {
      const tooNew = await publish('mfe_webhooks', build('5.0.0', { hostContract: '^1.3.0' }));
      expect(tooNew.statusCode).toBe(409);
      expect(json(tooNew)).toEqual({
        message:
          'mfe_webhooks 5.0.0 cannot run on the live dashboard: host contract ^1.3.0 is needed but the dashboard gives 1.2.0',
      });
      const fits = await publish(
        'mfe_webhooks',
        build('5.0.1', { hostContract: '^1.1.0', activate: false }),
      );
      expect(fits.statusCode).toBe(200);
      expect(json<ReleaseArea>(fits).versions[0]).toMatchObject({
        version: '5.0.1',
        hostContract: '^1.1.0',
      });

      await writeShellHostContract(shellDir, '2.0.0');
      const activate = await call(
        'PUT',
        '/api/admin/releases/mfe_webhooks/live',
        { cookie: admin },
        { version: '5.0.1' },
      );
      expect(json(activate)).toEqual({
        message:
          'mfe_webhooks 5.0.1 cannot run on the live dashboard: host contract ^1.1.0 is needed but the dashboard gives 2.0.0',
      });
      await writeShellHostContract(shellDir, undefined);
      const unsaid = await publish('mfe_webhooks', build('5.0.2', { hostContract: '^1.0.0' }));
      expect(json(unsaid)).toEqual({
        message:
          'mfe_webhooks 5.0.2 cannot run on the live dashboard: host contract ^1.0.0 is needed but the dashboard does not say which it gives',
      });
      expect((await areaOf('mfe_webhooks')).versions.map(({ version }) => version)).toEqual([
        '5.0.1',
      ]);
    } finally {
      await writeShellHostContract(shellDir, '1.0.0');
    }
  });

  it('activates an earlier version and rolls back in one call each, recording who and when', async () => {
    await publish('mfe_blocklists', build('1.0.0'));
    await publish('mfe_blocklists', build('1.1.0'));
    await publish('mfe_blocklists', build('1.2.0'));
    expect((await areaOf('mfe_blocklists')).live).toBe('1.2.0');

    const back = await call('POST', '/api/admin/releases/mfe_blocklists/rollback', {
      cookie: admin,
    });
    expect(back.statusCode).toBe(200);
    expect(json<ReleaseArea>(back).live).toBe('1.1.0');
    expect(await entryFor(manager, 'mfe_blocklists')).toBe(manifestOf('1.1.0'));
    const backAgain = await call('POST', '/api/admin/releases/mfe_blocklists/rollback', {
      cookie: admin,
    });
    expect(json<ReleaseArea>(backAgain).live).toBe('1.0.0');
    const noFurther = await call('POST', '/api/admin/releases/mfe_blocklists/rollback', {
      cookie: admin,
    });
    expect(noFurther.statusCode).toBe(409);
    expect(json(noFurther)).toEqual({
      message: 'mfe_blocklists has no earlier live version to roll back to',
    });

    const activated = await call(
      'PUT',
      '/api/admin/releases/mfe_blocklists/live',
      { cookie: admin },
      { version: '1.2.0' },
    );
    expect(json<ReleaseArea>(activated).live).toBe('1.2.0');
    const { history } = json<ReleaseArea>(activated);
    expect(history.map(({ action, version, actor }) => [action, version, actor])).toEqual([
      ['activate', '1.2.0', accountEmails.admin],
      ['rollback', '1.0.0', accountEmails.admin],
      ['rollback', '1.1.0', accountEmails.admin],
      ['activate', '1.2.0', accountEmails.admin],
      ['activate', '1.1.0', accountEmails.admin],
      ['activate', '1.0.0', accountEmails.admin],
    ]);
    expect(history.every(({ at }) => !Number.isNaN(Date.parse(at)))).toBe(true);

    const missing = await call(
      'PUT',
      '/api/admin/releases/mfe_blocklists/live',
      { cookie: admin },
      { version: '7.0.0' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to activate a published version once the live shell no longer satisfies it', async () => {
    await publish(
      'mfe_connections',
      build('3.0.0', {
        shared: [{ name: 'react-dom', requiredVersion: '^19.3.0', singleton: true }],
        activate: false,
      }),
    );
    await writeShellManifest(shellDir, { ...shellOf2026, 'react-dom': '19.2.0' });
    try {
      const refused = await call(
        'PUT',
        '/api/admin/releases/mfe_connections/live',
        { cookie: admin },
        { version: '3.0.0' },
      );
      expect(refused.statusCode).toBe(409);
      expect(json(refused)).toEqual({
        message:
          'mfe_connections 3.0.0 cannot run on the live dashboard: react-dom ^19.3.0 is needed but the dashboard has 19.2.0',
      });
      expect((await areaOf('mfe_connections')).live).toBeNull();
    } finally {
      await writeShellManifest(shellDir, shellOf2026);
    }
  });

  it('serves a canary to a stable share of users, then promotes or drops it in one call', async () => {
    await publish('mfe_webhooks', build('1.0.0'));
    await publish('mfe_webhooks', build('1.1.0-rc.1', { activate: false }));
    const set = await call(
      'PUT',
      '/api/admin/releases/mfe_webhooks/canary',
      { cookie: admin },
      { version: '1.1.0-rc.1', percent: 50 },
    );
    expect(set.statusCode).toBe(200);
    expect(json<ReleaseArea>(set)).toMatchObject({
      live: '1.0.0',
      canary: { version: '1.1.0-rc.1', percent: 50 },
    });
    for (const account of ['admin', 'manager', 'user'] as const) {
      const user = (await findUserByEmail(t.app.db, accountEmails[account]))!;
      const cookie = await signIn(t.app, account);
      const expected = manifestOf(inCanary('mfe_webhooks', user.id, 50) ? '1.1.0-rc.1' : '1.0.0');
      expect(await entryFor(cookie, 'mfe_webhooks')).toBe(expected);
      expect(await entryFor(cookie, 'mfe_webhooks')).toBe(expected);
    }
    expect(await entryFor(undefined, 'mfe_webhooks')).toBe(manifestOf('1.0.0'));

    const dropped = await call('DELETE', '/api/admin/releases/mfe_webhooks/canary', {
      cookie: admin,
    });
    expect(json<ReleaseArea>(dropped)).toMatchObject({ live: '1.0.0', canary: null });
    await call(
      'PUT',
      '/api/admin/releases/mfe_webhooks/canary',
      { cookie: admin },
      { version: '1.1.0-rc.1', percent: 10 },
    );
    const promoted = await call('POST', '/api/admin/releases/mfe_webhooks/canary/promote', {
      cookie: admin,
    });
    expect(json<ReleaseArea>(promoted)).toMatchObject({ live: '1.1.0-rc.1', canary: null });
    expect(
      json<ReleaseArea>(promoted)
        .history.slice(0, 4)
        .map((event) => event.action),
    ).toEqual(['promote', 'canary', 'drop', 'canary']);
    expect(await entryFor(manager, 'mfe_webhooks')).toBe(manifestOf('1.1.0-rc.1'));
    const none = await call('POST', '/api/admin/releases/mfe_webhooks/canary/promote', {
      cookie: admin,
    });
    expect(json(none)).toEqual({ message: 'mfe_webhooks has no canary' });
  });

  it('names the previous good build in /remotes.json and counts the fallbacks pages report per version', async () => {
    const remoteOf = async (cookie: string | undefined, area: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/remotes.json',
        headers: cookie ? { cookie } : {},
      });
      return json<RuntimeConfig>(response).remotes.find((remote) => remote.name === area)!;
    };
    const first = await publish('mfe_connections', build('4.0.0'));
    expect(first.statusCode).toBe(200);
    expect(await remoteOf(manager, 'mfe_connections')).toEqual({
      name: 'mfe_connections',
      entry: manifestOf('4.0.0'),
      version: '4.0.0',
      fallback: { entry: 'http://localhost:8081/mf-manifest.json' },
    });
    await publish('mfe_connections', build('4.1.0'));
    expect(await remoteOf(manager, 'mfe_connections')).toEqual({
      name: 'mfe_connections',
      entry: manifestOf('4.1.0'),
      version: '4.1.0',
      fallback: { entry: manifestOf('4.0.0'), version: '4.0.0' },
    });

    const report = (cookie: string, version: string) =>
      call('POST', '/api/admin/releases/mfe_connections/fallbacks', { cookie }, { version });
    const userCookie = await signIn(t.app, 'user');
    expect(json(await report(userCookie, '4.1.0'))).toEqual({
      area: 'mfe_connections',
      version: '4.1.0',
      fallbacks: 1,
    });
    expect((await report(manager, '4.1.0')).statusCode).toBe(200);
    const unknown = await report(manager, '9.9.9');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ message: 'mfe_connections has no version 9.9.9' });
    expect(
      (await areaOf('mfe_connections')).versions.map(({ version, fallbacks }) => [
        version,
        fallbacks,
      ]),
    ).toEqual([
      ['4.1.0', 2],
      ['4.0.0', 0],
      ['3.0.0', 0],
    ]);
  });

  it('lets the release command publish with the deploy token, and nobody else but admins', async () => {
    const byToken = await call(
      'POST',
      '/api/admin/releases/mfe_logs/versions',
      { token: DEPLOY_TOKEN },
      build('1.1.0+ccc3333'),
    );
    expect(byToken.statusCode).toBe(200);
    expect(json<ReleaseArea>(byToken).versions[0]).toMatchObject({
      version: '1.1.0+ccc3333',
      publishedBy: 'deploy token',
    });
    const wrongToken = await call(
      'POST',
      '/api/admin/releases/mfe_logs/versions',
      { token: `${DEPLOY_TOKEN}x` },
      build('1.2.0'),
    );
    expect(wrongToken.statusCode).toBe(401);
    // the token publishes only: changing what runs takes an admin's session
    const tokenActivates = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/releases/mfe_logs/live',
      headers: { authorization: `Bearer ${DEPLOY_TOKEN}`, origin: ORIGIN },
      payload: { version: '1.0.0+aaa1111' },
    });
    expect(tokenActivates.statusCode).toBe(401);
    const byManager = await publish('mfe_logs', build('1.3.0'), manager);
    expect(byManager.statusCode).toBe(403);
    expect(json(byManager)).toEqual({ message: 'Only admins can manage releases' });
    expect((await areaOf('mfe_logs')).versions.map((version) => version.version)).toEqual([
      '1.1.0+ccc3333',
      '1.0.0+aaa1111',
    ]);
  });
});

describe('release rules', () => {
  it('puts about the canary percentage of 1,000 user ids in the canary, each id always in the same place', () => {
    const ids = Array.from({ length: 1000 }, (_, index) => index + 1);
    for (const percent of [5, 25, 50]) {
      const share = ids.filter((id) => inCanary('mfe_logs', id, percent)).length / ids.length;
      expect(Math.abs(share - percent / 100)).toBeLessThan(0.04);
    }
    expect(ids.map((id) => canaryBucket('mfe_logs', id))).toEqual(
      ids.map((id) => canaryBucket('mfe_logs', id)),
    );
    // a user in a 10 % canary stays in it when the share grows
    const inTen = ids.filter((id) => inCanary('mfe_logs', id, 10));
    expect(inTen.every((id) => inCanary('mfe_logs', id, 30))).toBe(true);
  });

  it('rolls back to the version live before, then the one before that', () => {
    expect(rollbackTarget([{ action: 'activate', version: '1' }])).toBeUndefined();
    const activations = ['1', '2', '3'].map((version) => ({
      action: 'activate' as const,
      version,
    }));
    expect(rollbackTarget(activations)).toBe('2');
    expect(rollbackTarget([...activations, { action: 'rollback', version: '2' }])).toBe('1');
    expect(
      rollbackTarget([
        ...activations,
        { action: 'canary', version: '4' },
        { action: 'promote', version: '4' },
      ]),
    ).toBe('3');
  });
});
