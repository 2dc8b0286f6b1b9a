import { waitFor } from '@testing-library/react';
import { renderWithHost } from 'shared/testing';
import { webhookRow } from '../table/test-data';

// the dialog's chunk fails to load (a deploy replaced it, the network dropped)
jest.mock('./TestWebhookDialog', () => {
  throw new Error('Loading chunk 477 failed');
});

import { SendTestWebhookDialog } from './SendTestWebhookDialog';

describe('Send Test Webhook dialog: a failed load', () => {
  it('says so and closes: the next Sync test makes a new lazy and imports again', async () => {
    const onClose = jest.fn();
    const { host, unmount } = renderWithHost(
      <SendTestWebhookDialog webhook={webhookRow(1)} open onClose={onClose} />,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(host.toasts).toEqual([
      {
        severity: 'error',
        summary: 'Error',
        detail: 'The test dialog could not be loaded',
        life: 3000,
      },
    ]);
    unmount();
  });
});
