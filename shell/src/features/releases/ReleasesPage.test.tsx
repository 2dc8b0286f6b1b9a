import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublishedVersion, ReleaseArea, RemoteName } from 'shared/contract';
import { testUsers } from 'shared/testing';
import { renderShell } from '../../test/render-shell';

jest.mock('../remotes/federation', () => ({
  registerRuntimeRemotes: jest.fn(),
  loadRemoteApp: jest.fn(),
  registeredRemotes: () => [],
}));

const published = (version: string, day: number, fallbacks = 0): PublishedVersion => ({
  version,
  manifestUrl: `http://localhost:8084/v/${version}/mf-manifest.json`,
  publishedBy: day === 3 ? 'deploy token' : 'admin@example.com',
  publishedAt: `2026-03-0${day}T12:00:00.000Z`,
  shared: [],
  operations: ['listWebhookLogs'],
  hostContract: '^1.0.0',
  fallbacks,
});
const unreleased = (area: RemoteName): ReleaseArea => ({
  area,
  live: null,
  canary: null,
  versions: [],
  history: [],
});
const history: ReleaseArea = {
  area: 'mfe_logs',
  live: '1.1.0+bbb',
  canary: { version: '1.2.0+ccc', percent: 10 },
  versions: [published('1.2.0+ccc', 3), published('1.1.0+bbb', 2, 4), published('1.0.0+aaa', 1)],
  history: [],
};
const registry = [
  unreleased('mfe_connections'),
  unreleased('mfe_webhooks'),
  unreleased('mfe_blocklists'),
  history,
];

function openReleases(more: Parameters<typeof renderShell>[1] = {}) {
  return renderShell('/admin/dashboard/releases', {
    me: testUsers.admin,
    ...more,
    api: { 'GET /api/admin/releases': { body: registry }, ...more.api },
  });
}

const historySection = () => screen.findByRole('region', { name: 'History' });
const row = (section: HTMLElement, version: string) =>
  within(section)
    .getByRole('cell', { name: new RegExp(`^${version.replace('+', '\\+')}`) })
    .closest('tr') as HTMLElement;

describe('Releases page (issue 57)', () => {
  it('is in the navigation for admins only', async () => {
    openReleases();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Releases' })).toHaveAttribute(
      'href',
      '/admin/dashboard/releases',
    );
    expect(await screen.findByRole('heading', { name: 'Releases', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Releases · CRM Sync');
  });

  it('shows each area’s live version, its canary and every version with publish time, publisher and fallbacks', async () => {
    openReleases();
    const section = await historySection();
    expect(within(section).getByText('Live: 1.1.0+bbb')).toBeInTheDocument();
    expect(within(section).getByText('Canary: 1.2.0+ccc for 10 % of users')).toBeInTheDocument();
    const live = row(section, '1.1.0+bbb');
    expect(within(live).getByText('Live')).toBeInTheDocument();
    expect(within(live).getByText(/^Mar 2, 2026/)).toBeInTheDocument();
    expect(within(live).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(live).getByRole('cell', { name: 'Fallbacks' })).toHaveTextContent('4');
    expect(within(live).queryByRole('button', { name: /Activate/ })).not.toBeInTheDocument();
    const canary = row(section, '1.2.0+ccc');
    expect(within(canary).getByText('Canary')).toBeInTheDocument();
    expect(within(canary).getByText('deploy token')).toBeInTheDocument();
    expect(
      within(row(section, '1.0.0+aaa')).getByRole('button', { name: 'Activate 1.0.0+aaa' }),
    ).toBeEnabled();

    const webhooks = screen.getByRole('region', { name: 'Webhooks' });
    expect(
      within(webhooks).getByText('Live: the configured build (nothing released yet)'),
    ).toBeInTheDocument();
    expect(within(webhooks).getByText('No version of Webhooks has been published.')).toBeVisible();
    expect(within(webhooks).queryByRole('button', { name: 'Rollback' })).not.toBeInTheDocument();
  });

  it('rolls back after a confirmation, shows the new live version and says so', async () => {
    const { api } = openReleases({
      api: {
        'POST /api/admin/releases/mfe_logs/rollback': {
          body: { ...history, live: '1.0.0+aaa' },
        },
      },
    });
    const user = userEvent.setup();
    const section = await historySection();
    await user.click(within(section).getByRole('button', { name: 'Rollback' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('Do you want to roll History back from 1.1.0+bbb?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(section).findByText('Live: 1.0.0+aaa')).toBeInTheDocument();
    expect(await screen.findByText('History is rolled back to 1.0.0+aaa')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/releases/mfe_logs/rollback',
    ]);
  });

  it('calls nothing when the confirmation is answered No', async () => {
    const { api } = openReleases();
    const user = userEvent.setup();
    const section = await historySection();
    await user.click(within(section).getByRole('button', { name: 'Promote' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Do you want to make the canary History 1.2.0+ccc live for everyone?',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows the gate’s refusal as the api gives it and keeps the live version', async () => {
    const refusal =
      'mfe_logs 1.0.0+aaa cannot run on the live dashboard: react ^20.0.0 is needed but the dashboard has 19.2.0';
    const { api } = openReleases({
      api: { 'PUT /api/admin/releases/mfe_logs/live': { status: 409, body: { message: refusal } } },
    });
    const user = userEvent.setup();
    const section = await historySection();
    await user.click(within(section).getByRole('button', { name: 'Activate 1.0.0+aaa' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Do you want to make History 1.0.0+aaa live?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The release registry refused the change');
    expect(alert).toHaveTextContent(refusal);
    expect(await screen.findAllByText(refusal)).toHaveLength(2);
    expect(within(section).getByText('Live: 1.1.0+bbb')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      version: '1.0.0+aaa',
    });
  });

  it('drops the canary in one call', async () => {
    const { api } = openReleases({
      api: {
        'DELETE /api/admin/releases/mfe_logs/canary': { body: { ...history, canary: null } },
      },
    });
    const user = userEvent.setup();
    const section = await historySection();
    await user.click(within(section).getByRole('button', { name: 'Drop canary' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('The canary History 1.2.0+ccc is dropped')).toBeInTheDocument();
    expect(within(section).queryByText(/^Canary:/)).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('starts a canary on a version that is not live: asks the percentage of users, checks it, then shows the canary', async () => {
    const { api } = openReleases({
      api: {
        'PUT /api/admin/releases/mfe_logs/canary': {
          body: { ...history, canary: { version: '1.0.0+aaa', percent: 25 } },
        },
      },
    });
    const user = userEvent.setup();
    const section = await historySection();
    for (const version of ['1.1.0+bbb', '1.2.0+ccc'])
      expect(
        within(row(section, version)).queryByRole('button', { name: /Start canary/ }),
      ).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Start canary 1.0.0+aaa' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Start a canary of History 1.0.0+aaa',
    });
    const percent = within(dialog).getByRole('textbox', { name: 'Percentage of users' });
    expect(percent).toHaveValue('10');
    for (const wrong of ['100', '0', '12.5']) {
      await user.clear(percent);
      await user.type(percent, wrong);
      await user.click(within(dialog).getByRole('button', { name: 'Start canary' }));
      expect(
        await screen.findAllByText('The percentage of users is a whole number from 1 to 99'),
      ).not.toHaveLength(0);
    }
    expect(screen.getAllByText('Validation')).not.toHaveLength(0);
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(dialog).toBeVisible();

    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Start canary' }));
    expect(
      await screen.findByText('The canary History 1.0.0+aaa runs for 25 % of users'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Canary: 1.0.0+aaa for 25 % of users')).toBeInTheDocument();
    expect(within(row(section, '1.0.0+aaa')).getByText('Canary')).toBeInTheDocument();
    expect(
      within(row(section, '1.2.0+ccc')).getByRole('button', { name: 'Start canary 1.2.0+ccc' }),
    ).toBeEnabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      api.calls
        .filter((call) => call.method !== 'GET')
        .map(({ method, path, body }) => ({ method, path, body })),
    ).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/releases/mfe_logs/canary',
        body: { version: '1.0.0+aaa', percent: 25 },
      },
    ]);
  });

  it('offers no canary in an area that has no live version yet', async () => {
    const published = { ...unreleased('mfe_webhooks'), versions: history.versions };
    renderShell('/admin/dashboard/releases', {
      me: testUsers.admin,
      api: { 'GET /api/admin/releases': { body: [published] } },
    });
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(within(section).getAllByRole('button', { name: /^Activate/ })).toHaveLength(3);
    expect(within(section).queryByRole('button', { name: /Start canary/ })).not.toBeInTheDocument();
  });
});
