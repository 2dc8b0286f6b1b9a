import {
  invalidJsonToast,
  parseTestPayload,
  recipientEmailLabel,
  testResultToast,
} from './messages';
import { testDialogTitle } from './title';

describe('Send Test Webhook dialog rules (spec §2, §5, §8)', () => {
  it('titles the dialog with the platform name, or Universal', () => {
    expect(testDialogTitle('smartlead')).toBe('Send Test Webhook - Smartlead');
    expect(testDialogTitle('bison')).toBe('Send Test Webhook - EmailBison');
    expect(testDialogTitle(null)).toBe('Send Test Webhook - Universal');
  });

  it('parses the edited payload or calls it invalid', () => {
    expect(parseTestPayload('{"a": 1}')).toEqual({ valid: true, payload: { a: 1 } });
    expect(parseTestPayload('{"a": 1')).toEqual({ valid: false });
    expect(parseTestPayload('')).toEqual({ valid: false });
  });

  it('says invalid JSON with summary "JSON Error", persistently', () => {
    expect(invalidJsonToast).toEqual({
      severity: 'error',
      summary: 'JSON Error',
      detail: 'Invalid JSON format. Please check your JSON syntax.',
      life: 0,
    });
  });

  it('shows success, or the server errors as text, persistent; no errors: the unexpected error', () => {
    expect(testResultToast({ success: true, errors: [] })).toEqual({
      severity: 'success',
      summary: 'Success',
      detail: 'Test webhook was sent successfully',
      life: 3000,
    });
    expect(
      testResultToast({ success: false, errors: ['HubSpot refused', 'Endpoint 3 answered 500'] }),
    ).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'HubSpot refused\nEndpoint 3 answered 500',
      life: 0,
    });
    expect(testResultToast({ success: false, errors: [] }).detail).toBe(
      'An unexpected error occurred',
    );
  });

  it('asks heyreach for a social profile instead of an email', () => {
    expect(recipientEmailLabel('heyreach')).toBe('Recipient social profile URL');
    expect(recipientEmailLabel('instantly')).toBe('Recipient email');
  });
});
