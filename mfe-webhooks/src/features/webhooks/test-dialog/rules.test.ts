import type { Platform } from 'shared/contract';
import { initialTestDialogState, testDialogRules, type TestDialogState } from './rules';

const opened = new Date('2026-07-01T08:00:00.000Z');
const later = new Date('2026-07-01T08:05:00.000Z');
const payloadOf = (state: TestDialogState) =>
  JSON.parse(state.payloadText) as Record<string, unknown>;
const webhookUrl = 'https://crm-sync.example/webhooks/a1b2c3';
const webhookOn = (emailService: Platform | null) => ({ emailService, webhookUrl });

describe('Send Test Webhook dialog state', () => {
  it('starts on the platform first template, its lead, its times refreshed to the opening', () => {
    const state = initialTestDialogState(webhookOn('smartlead'), opened);
    expect(state.templates.map((template) => template.label)).toEqual([
      'Email Sent',
      'Email Open',
      'Email Reply',
      'Email Link Click',
      'Email Bounce',
      'Lead Category Updated',
      'Lead Unsubscribed',
    ]);
    expect(state.recipient).toEqual({
      name: 'Jane Doe',
      email: 'jane.doe@northwind.example',
      objectLookupId: '',
      tags: '',
    });
    expect(payloadOf(state)).toMatchObject({
      event_type: 'EMAIL_SENT',
      event_timestamp: opened.toISOString(),
      webhook_url: webhookUrl,
    });
    expect(testDialogRules.problem(state)).toBeNull();
  });

  it('offers every platform template when the webhook has no platform (Universal)', () => {
    expect(initialTestDialogState(webhookOn(null), opened).templates).toHaveLength(7 + 15 + 8 + 10);
  });

  it('writes the payload anew for a template, a recipient field or Reset Payload; a JSON edit changes only the JSON', () => {
    let state = initialTestDialogState(webhookOn('smartlead'), opened);
    state = testDialogRules.apply(state, {
      kind: 'template',
      templateId: 'smartlead.email-reply',
      at: later,
    });
    expect(payloadOf(state)).toMatchObject({
      event_type: 'EMAIL_REPLY',
      event_timestamp: later.toISOString(),
      to_email: 'jane.doe@northwind.example',
    });
    state = testDialogRules.apply(state, {
      kind: 'recipient',
      field: 'email',
      value: 'ada@engines.example',
      at: later,
    });
    expect(payloadOf(state)).toMatchObject({ to_email: 'ada@engines.example' });
    state = testDialogRules.apply(state, { kind: 'payload', text: '{"edited": true}' });
    expect(state.recipient.email).toBe('ada@engines.example');
    expect(testDialogRules.toPayload(state)).toEqual({ edited: true });
    state = testDialogRules.apply(state, { kind: 'reset', at: later });
    expect(payloadOf(state)).toMatchObject({
      event_type: 'EMAIL_REPLY',
      to_email: 'ada@engines.example',
      webhook_url: webhookUrl,
    });
  });

  it('refuses invalid JSON with the spec message', () => {
    const state = testDialogRules.apply(initialTestDialogState(webhookOn('heyreach'), opened), {
      kind: 'payload',
      text: '{"lead": ',
    });
    expect(testDialogRules.problem(state)).toEqual({
      field: 'payload',
      message: 'Invalid JSON format. Please check your JSON syntax.',
    });
  });
});
