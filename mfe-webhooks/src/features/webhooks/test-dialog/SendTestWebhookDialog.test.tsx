import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import {
  createFakeApi,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import type { Webhook } from 'shared/contract';
import { webhookRow } from '../table/test-data';
import { SendTestWebhookDialog } from './SendTestWebhookDialog';

const TEST_ROUTE = 'POST /webhooks/test/{code}';

function renderDialog(
  webhook: Webhook = webhookRow(1),
  answer: FakeHandler | FakeResponse = { body: { success: true, errors: [] } },
) {
  const onClose = jest.fn();
  const api = createFakeApi({ [TEST_ROUTE]: answer });
  const rendered = renderWithHost(
    <SendTestWebhookDialog webhook={webhook} open onClose={onClose} />,
    { user: testUsers.user, api },
  );
  return { ...rendered, onClose, events: userEvent.setup() };
}

const dialog = () => screen.findByRole('dialog');
/** The CodeMirror editing area, once the form's chunk has loaded. */
const editorArea = () => screen.findByRole('textbox', { name: 'JSON payload' });
const editorText = async () =>
  EditorView.findFromDOM((await editorArea()) as HTMLElement)!.state.doc.toString();
/** Types over the whole payload as a person editing it would: through the editor's own transaction. */
async function replacePayload(text: string) {
  const view = EditorView.findFromDOM((await editorArea()) as HTMLElement)!;
  act(() =>
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: text },
      userEvent: 'input.type',
    }),
  );
}
const testSync = () => screen.getByRole('button', { name: 'Test Sync' });
/** The dialog's own result, under Test Sync: its title and text (no toast lies over the dialog). */
const inlineResult = async (role: 'alert' | 'status') => {
  const result = await within(await dialog()).findByRole(role);
  return result.textContent;
};
const sentBodies = (api: { calls: { method: string; path: string; body: unknown }[] }) =>
  api.calls
    .filter((call) => call.path === '/webhooks/test/code-1')
    .map((call) => call.body as Record<string, unknown>);

async function chooseEventType(events: ReturnType<typeof userEvent.setup>, label: string) {
  await events.click(screen.getByRole('combobox', { name: 'Event type' }));
  await events.click(await screen.findByRole('option', { name: label }));
}

describe('Send Test Webhook dialog', () => {
  it('titles itself with the platform and starts on its first template, refreshed to now, valid', async () => {
    renderDialog();
    expect(
      within(await dialog()).getByRole('heading', { name: 'Send Test Webhook - Smartlead' }),
    ).toBeInTheDocument();
    const payload = JSON.parse(await editorText()) as Record<string, unknown>;
    expect(payload).toMatchObject({
      event_type: 'EMAIL_SENT',
      to_email: 'jane.doe@northwind.example',
      to_name: 'Jane Doe',
    });
    expect(Math.abs(Date.parse(String(payload.event_timestamp)) - Date.now())).toBeLessThan(60_000);
    expect(screen.getByText('Valid JSON')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Recipient name' })).toHaveValue('Jane Doe');
    expect(screen.getByRole('textbox', { name: 'Recipient email' })).toHaveValue(
      'jane.doe@northwind.example',
    );
    expect(testSync()).toBeEnabled();
  });

  it('sends the chosen event with the recipient filled in, and says "Test webhook was sent successfully"', async () => {
    const { events, api, host } = renderDialog();
    await editorArea();
    await chooseEventType(events, 'Email Reply');
    const email = screen.getByRole('textbox', { name: 'Recipient email' });
    await events.clear(email);
    await events.type(email, 'ada@engines.example');
    await events.click(screen.getByRole('button', { name: 'Advanced settings' }));
    await events.type(
      await screen.findByRole('textbox', { name: 'os_objectlookup_id value' }),
      'crm-{{{{email}}',
    );
    await events.click(testSync());
    expect(await inlineResult('status')).toContain('Test webhook was sent successfully');
    expect(host.toasts).toEqual([]);
    expect(sentBodies(api)).toEqual([
      expect.objectContaining({
        event_type: 'EMAIL_REPLY',
        to_email: 'ada@engines.example',
        sl_lead_email: 'ada@engines.example',
        os_objectlookup_id: 'crm-ada@engines.example',
      }),
    ]);
  });

  it('marks edited JSON invalid, disables Test Sync, and Reset Payload brings the template back', async () => {
    const { events, api, host } = renderDialog();
    await replacePayload('{"event_type": "EMAIL_SENT",');
    expect(await screen.findByText('Invalid JSON')).toBeInTheDocument();
    expect(testSync()).toBeDisabled();
    // where the JSON is edited: the spec's message and where the JSON goes wrong
    expect(
      await screen.findByText(
        'Invalid JSON format. Please check your JSON syntax. Line 1, column 29.',
      ),
    ).toBeInTheDocument();
    // Mod-Enter in the editor is Test Sync too: invalid JSON is refused with the spec's error
    act(() => {
      (
        EditorView.findFromDOM(screen.getByRole('textbox', { name: 'JSON payload' }))!
          .contentDOM as HTMLElement
      ).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }));
    });
    expect(await inlineResult('alert')).toBe(
      'JSON ErrorInvalid JSON format. Please check your JSON syntax.',
    );
    expect(host.toasts).toEqual([]);
    expect(sentBodies(api)).toEqual([]);
    await events.click(screen.getByRole('button', { name: 'Reset Payload' }));
    expect(await screen.findByText('Valid JSON')).toBeInTheDocument();
    expect(JSON.parse(await editorText())).toMatchObject({ event_type: 'EMAIL_SENT' });
    expect(testSync()).toBeEnabled();
  });

  it('sends the JSON as edited', async () => {
    const { events, api } = renderDialog();
    await replacePayload('{"event_type": "EMAIL_OPEN", "to_email": "hand@edited.example"}');
    await events.click(testSync());
    await waitFor(() =>
      expect(sentBodies(api)).toEqual([
        { event_type: 'EMAIL_OPEN', to_email: 'hand@edited.example' },
      ]),
    );
  });

  it("shows the server's errors persistently when the test fails, and disables Test Sync while sending", async () => {
    let answer: (response: FakeResponse) => void = () => {};
    const { events, host } = renderDialog(
      webhookRow(1),
      () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
    );
    await editorArea();
    await events.click(testSync());
    await waitFor(() => expect(testSync()).toBeDisabled());
    answer({
      body: {
        success: false,
        errors: [
          'HubSpot refused the contact: INVALID_EMAIL',
          'Endpoint https://hooks.example answered 500',
        ],
      },
    });
    // in the dialog, under Test Sync, until dismissed: a persistent toast would lie over the dialog's controls
    expect(await inlineResult('alert')).toBe(
      'ErrorHubSpot refused the contact: INVALID_EMAIL\nEndpoint https://hooks.example answered 500',
    );
    expect(host.toasts).toEqual([]);
    expect(testSync()).toBeEnabled();
    await events.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      'the server message',
      { status: 403, body: { message: 'Only its owner or an admin can test this webhook' } },
      'Only its owner or an admin can test this webhook',
    ],
    [
      '"An unexpected error occurred" when no answer came',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'An unexpected error occurred',
    ],
  ] as const satisfies ReadonlyArray<readonly [string, FakeHandler | FakeResponse, string]>)(
    'shows a refused call with %s, persistently',
    async (_case, answer, detail) => {
      const { events, host } = renderDialog(webhookRow(1), answer);
      await editorArea();
      await events.click(testSync());
      expect(await inlineResult('alert')).toBe(`Error${detail}`);
      expect(host.toasts).toEqual([]);
    },
  );

  it('heyreach: asks for the social profile URL and the status tags, both into the lead', async () => {
    const { events, api } = renderDialog(webhookRow(1, { emailService: 'heyreach' }));
    expect(
      await screen.findByRole('heading', { name: 'Send Test Webhook - HeyReach' }),
    ).toBeInTheDocument();
    await editorArea();
    const profile = screen.getByRole('textbox', { name: 'Recipient social profile URL' });
    await events.clear(profile);
    await events.type(profile, 'https://www.linkedin.com/in/ada');
    await events.click(screen.getByRole('button', { name: 'Advanced settings' }));
    await events.type(
      await screen.findByRole('textbox', { name: 'Status tags (comma-separated)' }),
      'Interested, Warm',
    );
    await events.click(testSync());
    await waitFor(() => expect(sentBodies(api)).toHaveLength(1));
    expect(sentBodies(api)[0]).toMatchObject({
      event_type: 'connection_request_sent',
      lead: { profile_url: 'https://www.linkedin.com/in/ada', tags: ['Interested', 'Warm'] },
    });
  });

  it('closes with the X', async () => {
    const { events, onClose } = renderDialog();
    await events.click(within(await dialog()).getByRole('button', { name: /close/i }));
    expect(onClose).toHaveBeenCalled();
  });
});
