import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, EmbedKey } from 'shared/contract';
import {
  createNamedFakeApi,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { EmbeddingScreen } from './EmbeddingScreen';

const LOCATION = '/admin/dashboard/embedding';
const routes = {
  list: 'GET /api/admin/embed-keys',
  create: 'POST /api/admin/embed-keys',
  revoke: 'DELETE /api/admin/embed-keys/{id}',
} as const;
const SECRET = 'ek_Q2hlY2sgdGhhdCB0aGlzIGlzIGEgbG9uZyBlbm91Z2gga2V5';

const key = (id: number, fields: Partial<EmbedKey> = {}): EmbedKey => ({
  id,
  name: `Portal ${id}`,
  prefix: `ek_Abc${id}23`,
  createdBy: 'admin@example.com',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...fields,
});

function renderScreen({
  user = testUsers.admin,
  with: overrides = {},
}: {
  user?: CurrentUser;
  with?: Partial<Record<keyof typeof routes, FakeHandler | FakeResponse>>;
} = {}) {
  const api = createNamedFakeApi(routes, {
    list: { body: [key(1, { lastUsedAt: '2026-03-02T08:00:00.000Z' })] },
    create: ({ body }) => ({
      status: 201,
      body: { embedKey: key(2, { name: (body as { name: string }).name }), secret: SECRET },
    }),
    revoke: ({ params }) => ({
      body: key(Number(params.id), { revokedAt: '2026-03-03T00:00:00.000Z' }),
    }),
    ...overrides,
  });
  return {
    ...renderWithHost(<EmbeddingScreen />, { user, location: LOCATION, api }),
    events: userEvent.setup(),
  };
}

const form = () => screen.getByRole('form', { name: 'Add an embed key' });
const rowOf = async (name: string) => {
  const cell = await screen.findByRole('cell', { name });
  return cell.closest('tr')!;
};

describe('Embedding screen', () => {
  it('lists the keys by name and prefix, with who made them and when they were last used', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Embedding', level: 1 })).toBeInTheDocument();
    const cells = within(await rowOf('Portal 1'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual(['Portal 1', 'ek_Abc123…', 'admin@example.com']);
    expect(cells[4]).toMatch(/^Mar 2, 2026/);
    expect(cells[5]).toBe('Active');
  });

  it('refuses an empty name with the Validation warning and calls nothing', async () => {
    const { events, host, api } = renderScreen();
    await rowOf('Portal 1');
    await events.click(within(form()).getByRole('button', { name: 'Create' }));
    expect(host.toasts).toEqual([
      expect.objectContaining({
        severity: 'warn',
        detail: 'Please enter a name for the embed key',
      }),
    ]);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates a key, shows its secret once with Copy, and lists it first', async () => {
    const { events, host, api } = renderScreen();
    await rowOf('Portal 1');
    await events.type(within(form()).getByLabelText('Name'), ' Customer portal ');
    await events.click(within(form()).getByRole('button', { name: 'Create' }));

    const notice = await screen.findByRole('region', { name: 'New embed key' });
    expect(within(notice).getByTestId('new-embed-key')).toHaveTextContent(SECRET);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/embed-keys', body: { name: 'Customer portal' } },
    ]);
    const names = within(screen.getByRole('table', { name: 'Embed keys' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['Customer portal', 'Portal 1']);
    expect(within(form()).getByLabelText('Name')).toHaveValue('');

    // user-event puts a clipboard of its own in place
    await events.click(within(notice).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await waitFor(() =>
      expect(host.toasts.map((toast) => toast.detail)).toContain('Copied the embed key'),
    );
    await events.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'New embed key' })).not.toBeInTheDocument();
  });

  it('revokes a key after a confirmation and keeps it listed as Revoked', async () => {
    const { events, api, host } = renderScreen();
    await events.click(within(await rowOf('Portal 1')).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Do you want to revoke the embed key Portal 1?');
    await events.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() =>
      expect(within(screen.getByRole('table')).getByText('Revoked')).toBeInTheDocument(),
    );
    expect(within(await rowOf('Portal 1')).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/admin/embed-keys/1', body: undefined },
    ]);
    expect(host.toasts.map((toast) => toast.detail)).toEqual(['Revoked embed key Portal 1']);
  });

  it('tells a manager that only admins manage embed keys, and asks the api nothing', async () => {
    const { api } = renderScreen({ user: testUsers.manager });
    expect(await screen.findByText('Only admins can manage embed keys.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
