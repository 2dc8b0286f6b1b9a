import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Platform, WebhookUserAccount } from 'shared/contract';
import { renderWithHost } from 'shared/testing';
import { AdditionalEndpoints } from './AdditionalEndpoints';
import { initialEndpointRows, type EndpointRow } from 'shared/rules/webhooks';

const accounts: WebhookUserAccount[] = [
  { id: 1, url: 'https://hooks.example.com/crm', description: 'CRM mirror' },
  { id: 2, url: 'https://hooks.example.com/slack', description: 'Slack' },
];

function Harness({
  platform,
  reportDuplicate,
  onRows,
}: {
  platform: Platform | null;
  reportDuplicate?: boolean;
  onRows: (rows: EndpointRow[]) => void;
}) {
  const [rows, setRows] = useState<EndpointRow[]>(initialEndpointRows());
  return (
    <AdditionalEndpoints
      rows={rows}
      platform={platform}
      accounts={accounts}
      reportDuplicate={reportDuplicate}
      onChange={(next) => {
        setRows(next);
        onRows(next);
      }}
    />
  );
}

function renderRows(platform: Platform | null, reportDuplicate = true) {
  const seen: EndpointRow[][] = [];
  const rendered = renderWithHost(
    <Harness
      platform={platform}
      reportDuplicate={reportDuplicate}
      onRows={(rows) => seen.push(rows)}
    />,
  );
  return { ...rendered, events: userEvent.setup(), lastRows: () => seen.at(-1) };
}

const rowItems = () =>
  within(screen.getByRole('list', { name: 'Additional Endpoints' })).getAllByRole('listitem');

async function pickEventTypes(
  events: ReturnType<typeof userEvent.setup>,
  position: number,
  types: string[],
) {
  await events.click(screen.getByRole('combobox', { name: `Event Types of endpoint ${position}` }));
  for (const type of types) await events.click(await screen.findByRole('option', { name: type }));
  await events.keyboard('{Escape}');
}

describe('Additional Endpoints', () => {
  it('+ on an incomplete row says what is missing next to the row and focuses that field', async () => {
    const { events } = renderRows('smartlead');
    const plus = screen.getByRole('button', { name: 'Add an endpoint after endpoint 1' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await events.click(plus);
    expect(rowItems()).toHaveLength(1);
    const row = rowItems()[0]!;
    expect(within(row).getByRole('alert')).toHaveTextContent('Select Endpoint');
    const account = screen.getByRole('combobox', { name: 'Endpoint 1 account' });
    expect(account).toHaveFocus();
    expect(account).toHaveAccessibleDescription('Select Endpoint');
    expect(plus).toHaveAccessibleDescription('Select Endpoint');

    await events.selectOptions(account, 'Slack (https://hooks.example.com/slack)');
    expect(within(row).getByRole('alert')).toHaveTextContent('Select Event Types');
    await events.click(plus);
    const eventTypes = screen.getByRole('combobox', { name: 'Event Types of endpoint 1' });
    expect(eventTypes).toHaveFocus();
    expect(eventTypes).toHaveAccessibleDescription('Select Event Types');
    expect(rowItems()).toHaveLength(1);

    await pickEventTypes(events, 1, ['EMAIL_SENT']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await events.click(plus);
    expect(rowItems()).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the seven email event types for smartlead, and + adds a row only after a complete one', async () => {
    const { events, lastRows } = renderRows('smartlead');
    await events.click(screen.getByRole('button', { name: 'Add an endpoint after endpoint 1' }));
    expect(rowItems()).toHaveLength(1);

    await events.selectOptions(
      screen.getByRole('combobox', { name: 'Endpoint 1 account' }),
      'CRM mirror (https://hooks.example.com/crm)',
    );
    await events.click(screen.getByRole('button', { name: 'Add an endpoint after endpoint 1' }));
    expect(rowItems()).toHaveLength(1);

    await events.click(screen.getByRole('combobox', { name: 'Event Types of endpoint 1' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'EMAIL_SENT',
      'EMAIL_OPEN',
      'EMAIL_REPLY',
      'EMAIL_LINK_CLICK',
      'EMAIL_BOUNCE',
      'LEAD_CATEGORY_UPDATED',
      'LEAD_UNSUBSCRIBED',
    ]);
    await events.click(screen.getByRole('option', { name: 'EMAIL_REPLY' }));
    await events.click(screen.getByRole('option', { name: 'EMAIL_OPEN' }));
    await events.keyboard('{Escape}');
    expect(lastRows()).toEqual([
      { userAccount: accounts[0], eventTypes: ['EMAIL_REPLY', 'EMAIL_OPEN'] },
    ]);

    await events.click(screen.getByRole('button', { name: 'Add an endpoint after endpoint 1' }));
    expect(rowItems()).toHaveLength(2);
  });

  it('offers the seven social event types for heyreach and all fourteen without a platform', async () => {
    const { events, unmount } = renderRows('heyreach');
    await events.click(screen.getByRole('combobox', { name: 'Event Types of endpoint 1' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'CONNECTION_REQUEST_SENT',
      'CONNECTION_REQUEST_ACCEPTED',
      'MESSAGE_SENT',
      'REPLY_RECEIVED',
      'FOLLOW_SENT',
      'LIKED_POST',
      'VIEWED_PROFILE',
    ]);
    unmount();
    const other = renderRows(null);
    await other.events.click(screen.getByRole('combobox', { name: 'Event Types of endpoint 1' }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(14);
  });

  it('− removes a row, and resets the last one to blank', async () => {
    const { events, lastRows } = renderRows('smartlead');
    await events.selectOptions(
      screen.getByRole('combobox', { name: 'Endpoint 1 account' }),
      'Slack (https://hooks.example.com/slack)',
    );
    await pickEventTypes(events, 1, ['EMAIL_SENT']);
    await events.click(screen.getByRole('button', { name: 'Add an endpoint after endpoint 1' }));
    expect(rowItems()).toHaveLength(2);
    await events.click(screen.getByRole('button', { name: 'Remove endpoint 2' }));
    expect(rowItems()).toHaveLength(1);
    await events.click(screen.getByRole('button', { name: 'Remove endpoint 1' }));
    expect(lastRows()).toEqual([{ userAccount: null, eventTypes: [] }]);
    expect(screen.getByRole('combobox', { name: 'Endpoint 1 account' })).toHaveValue('');
  });

  it('an account chosen twice removes the duplicate row with "Endpoint is already selected"', async () => {
    const { events, host, lastRows } = renderRows('smartlead');
    await events.selectOptions(
      screen.getByRole('combobox', { name: 'Endpoint 1 account' }),
      'CRM mirror (https://hooks.example.com/crm)',
    );
    await pickEventTypes(events, 1, ['EMAIL_SENT']);
    await events.click(screen.getByRole('button', { name: 'Add an endpoint after endpoint 1' }));
    await events.selectOptions(
      screen.getByRole('combobox', { name: 'Endpoint 2 account' }),
      'CRM mirror (https://hooks.example.com/crm)',
    );
    expect(rowItems()).toHaveLength(1);
    expect(lastRows()).toEqual([{ userAccount: accounts[0], eventTypes: ['EMAIL_SENT'] }]);
    expect(host.toasts).toEqual([
      { severity: 'error', summary: 'Error', detail: 'Endpoint is already selected', life: 3000 },
    ]);
  });

  it('drops the duplicate without a toast where the form does not report it', async () => {
    const { events, host } = renderRows('smartlead', false);
    await events.selectOptions(
      screen.getByRole('combobox', { name: 'Endpoint 1 account' }),
      'Slack (https://hooks.example.com/slack)',
    );
    await pickEventTypes(events, 1, ['EMAIL_SENT']);
    await events.click(screen.getByRole('button', { name: 'Add an endpoint after endpoint 1' }));
    await events.selectOptions(
      screen.getByRole('combobox', { name: 'Endpoint 2 account' }),
      'Slack (https://hooks.example.com/slack)',
    );
    expect(rowItems()).toHaveLength(1);
    expect(host.toasts).toEqual([]);
  });
});
