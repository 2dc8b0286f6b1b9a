import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, renderWithHost, testUsers } from 'shared/testing';
import { webhookLogRow } from '../../features/webhook-logs/test-data';
import { onePage } from './test-pages';

// the virtualiser's chunk fails to load once (a deploy replaced it, the network dropped), then loads
let virtualLoads = 0;
jest.mock('./VirtualLogTable', () => {
  virtualLoads += 1;
  if (virtualLoads === 1) throw new Error('Loading chunk 318 failed');
  return jest.requireActual('./VirtualLogTable');
});

import { WebhookLogsScreen } from '../../features/webhook-logs/WebhookLogsScreen';

describe('A log list past 100 rows whose virtualiser could not be loaded', () => {
  it('says so under the filters and total, with Retry; Retry loads it and shows the rows', async () => {
    const many = Array.from({ length: 150 }, (_, index) => webhookLogRow(index + 1));
    const api = createFakeApi({
      'GET /api/admin/webhook-logs': { body: onePage(many) },
      'GET /api/admin/webhook-logs/types': { body: ['EMAIL_SENT'] },
    });
    const events = userEvent.setup();
    renderWithHost(<WebhookLogsScreen />, {
      user: testUsers.user,
      location: '/admin/dashboard/history/webhook-logs',
      api,
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('The rows could not be shown');
    expect(screen.getByText('Total: 150')).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Webhook log filters' })).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table', { name: 'Webhook logs' });
    expect(await within(table).findByText('Subject 1')).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-rowcount', '151');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(virtualLoads).toBe(2);
  });
});
