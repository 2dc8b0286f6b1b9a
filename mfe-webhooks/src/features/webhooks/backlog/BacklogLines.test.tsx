import { screen, waitFor } from '@testing-library/react';
import type { CrmBacklog } from 'shared/contract';
import { createNamedFakeApi, renderWithHost } from 'shared/testing';
import { BacklogLines } from './BacklogLines';

const routes = { backlog: 'GET /api/admin/crm-backlog' } as const;

function renderLines(backlog: CrmBacklog) {
  const api = createNamedFakeApi(routes, { backlog: { body: backlog } });
  return { ...renderWithHost(<BacklogLines />, { api }), api };
}

describe('the waiting line on the Webhooks screen (issue 55)', () => {
  it('says per CRM account how many events wait for its rate limit and about how long', async () => {
    renderLines({
      accounts: [
        { userProfileId: 4, crm: 'HUBSPOT', waiting: 18000, minutes: 27 },
        { userProfileId: 9, crm: 'SALESFORCE', waiting: 1, minutes: 1 },
      ],
    });
    expect(
      await screen.findByText("18000 events waiting for HubSpot's rate limit — about 27 min"),
    ).toBeInTheDocument();
    expect(
      screen.getByText("1 event waiting for Salesforce's rate limit — about 1 min"),
    ).toBeInTheDocument();
  });

  it('shows nothing when no event waits', async () => {
    const { api } = renderLines({ accounts: [] });
    await waitFor(() =>
      expect(api.calls.map((call) => call.path)).toEqual(['/api/admin/crm-backlog']),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
