import { screen, within } from '@testing-library/react';
import { integrationRow, testUsers } from 'shared/testing';
import { renderShell } from '../../test/render-shell';

jest.mock('../remotes/federation', () => ({
  registerRuntimeRemotes: jest.fn(),
  loadRemoteApp: jest.fn(),
  registeredRemotes: () => [],
}));

const nothingYet = {
  'GET /api/admin/users/integrations': { body: [] },
  'GET /api/admin/dashboard/api-keys': { body: { apiKeys: [], allApiKeys: [] } },
  'GET /api/admin/webhooks': { body: { webhooks: [], allWebhooks: [] } },
  'GET /api/admin/dashboard/smartlead/blocked-lists': { body: [] },
};

describe('dashboard home (the signed-in landing)', () => {
  it('says nothing is connected yet and that connecting a CRM comes first', async () => {
    renderShell('/admin/dashboard', { me: testUsers.user, api: nothingYet });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    const next = await screen
      .findByRole('article', { name: 'What to do next' })
      .catch(() => screen.getByLabelText('What to do next'));
    expect(within(next).getByText('Next: connect a CRM.')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Connect a CRM' })).toHaveAttribute(
      'href',
      '/admin/dashboard/hubspot',
    );
    expect(within(next).getByRole('link', { name: 'Add an API key' })).toHaveAttribute(
      'href',
      '/admin/dashboard/api-keys',
    );
    expect(within(next).getByRole('link', { name: 'Create a webhook' })).toHaveAttribute(
      'href',
      '/admin/dashboard/webhooks',
    );
    expect(within(next).getByRole('link', { name: 'Create a block list' })).toHaveAttribute(
      'href',
      '/admin/dashboard/smartlead-block-lists',
    );
    expect(document.title).toBe('Dashboard · CRM Sync');
  });

  it('lists the connected CRM accounts and moves on to the API key', async () => {
    renderShell('/admin/dashboard', {
      me: testUsers.admin,
      api: { ...nothingYet, 'GET /api/admin/users/integrations': { body: [integrationRow(1)] } },
    });
    const crm = await screen.findByLabelText('CRM accounts');
    expect(
      await within(crm).findByText('HUBSPOT - owner@acme.test - 4411 acme.hubspot.test'),
    ).toBeInTheDocument();
    expect(within(crm).getByTestId('count')).toHaveTextContent('1');
    const next = await screen.findByLabelText('What to do next');
    expect(within(next).getByText('Next: add an API key.')).toBeInTheDocument();
    expect(within(next).getByText('Done')).toBeInTheDocument();
    expect(within(next).queryByRole('link', { name: 'Connect a CRM' })).not.toBeInTheDocument();
  });
});
