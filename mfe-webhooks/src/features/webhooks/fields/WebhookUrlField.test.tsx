import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createNamedFakeApi, renderWithHost, testUsers } from 'shared/testing';
import { WebhookUrlField } from './WebhookUrlField';

const url = 'https://crm-sync.example/webhooks/3f9c1a7e5b2d4c6e8f0a1b3c5d7e9f1a';
const render = (props: Parameters<typeof WebhookUrlField>[0]) =>
  renderWithHost(<WebhookUrlField {...props} />, {
    user: testUsers.user,
    api: createNamedFakeApi({}, {}),
  });

describe('the Webhook URL of a webhook form', () => {
  it('shows the whole URL on hover and copies it with "Copied webhook URL."', async () => {
    const { host } = render({ url });
    const field = screen.getByRole('textbox', { name: 'Webhook URL' });
    expect(field).toHaveValue(url);
    expect(field).toHaveAttribute('title', url);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'success', summary: 'Success', detail: 'Copied webhook URL.', life: 3000 },
      ]),
    );
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('offers no Copy before there is a URL', () => {
    render({ url: '', generating: true });
    expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveAttribute(
      'placeholder',
      'Generating…',
    );
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
  });
});
