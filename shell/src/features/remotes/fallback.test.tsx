import { screen, within } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { testUsers } from 'shared/testing';
import { fakeRemoteModule, renderShell, testRuntimeConfig } from '../../test/render-shell';
import { loadRemoteApp } from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(async () => undefined),
}));

const brokenEntry = 'http://localhost:8084/v/1.1.0/mf-manifest.json';
const goodEntry = 'http://localhost:8084/v/1.0.0/mf-manifest.json';
const released = {
  ...testRuntimeConfig,
  remotes: testRuntimeConfig.remotes.map((remote) =>
    remote.name === 'mfe_logs'
      ? {
          ...remote,
          entry: brokenEntry,
          version: '1.1.0',
          fallback: { entry: goodEntry, version: '1.0.0' },
        }
      : remote,
  ),
};

/**
 * The runtime's loadRemote answers for the entry a remote was last registered with: the versioned
 * entries in `working`, and the configured (unversioned) builds.
 */
function remotesServing(working: string[]) {
  let registered = new Map<string, string>();
  jest.mocked(registerRemotes).mockImplementation((remotes) => {
    for (const remote of remotes)
      if ('entry' in remote) registered = new Map(registered).set(remote.name, remote.entry);
  });
  jest.mocked(loadRemote).mockImplementation(async (id: string) => {
    const name = id.split('/')[0]!;
    const entry = registered.get(name);
    const loads = entry !== undefined && (working.includes(entry) || !entry.includes('/v/'));
    if (!loads) throw new Error(`Failed to fetch ${entry}`);
    return fakeRemoteModule(`${name} from ${entry}`);
  });
}

describe('a live area that fails to load (issue 57)', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('runs the previous good version, says so in the console, reports it and shows it in the side navigation', async () => {
    remotesServing([goodEntry]);
    const { api } = renderShell('/admin/dashboard/history/webhook-logs', {
      me: testUsers.user,
      runtimeConfig: released,
      loadRemote: loadRemoteApp,
      api: {
        'POST /api/admin/releases/mfe_logs/fallbacks': {
          body: { area: 'mfe_logs', version: '1.1.0', fallbacks: 1 },
        },
      },
    });
    expect(
      await screen.findByText(
        `mfe_logs from ${goodEntry} at /admin/dashboard/history/webhook-logs`,
      ),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(
      'mfe_logs 1.1.0 could not be loaded; falling back to 1.0.0.',
      expect.any(Error),
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const versions = within(nav).getByRole('list', { name: 'Versions this page runs' });
    expect(await within(versions).findByText('History 1.0.0')).toBeInTheDocument();
    expect(within(versions).getByText('Connections configured build')).toBeInTheDocument();
    expect(
      api.calls.filter((call) => call.method === 'POST').map(({ path, body }) => [path, body]),
    ).toEqual([['/api/admin/releases/mfe_logs/fallbacks', { version: '1.1.0' }]]);
  });

  it('shows the area’s fallback when the previous version fails too', async () => {
    remotesServing([]);
    const { api } = renderShell('/admin/dashboard/history/webhook-logs', {
      me: testUsers.user,
      runtimeConfig: released,
      loadRemote: loadRemoteApp,
    });
    expect(await screen.findByText('History is unavailable right now')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Versions this page runs' })).getByText(
        'History 1.1.0',
      ),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
