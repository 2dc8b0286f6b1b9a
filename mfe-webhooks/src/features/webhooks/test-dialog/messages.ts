import type { Platform, TestWebhookResult } from 'shared/contract';
import { errorToast, PERSISTENT, successToast, type ToastMessage } from 'shared/rules';
import { invalidJsonMessage, parseJson } from 'shared/rules/webhooks';

/** spec §2 "Send Test Webhook dialog", §5 "Test dialog" and §8 "Webhooks": its exact texts. */
export const testDialogTexts = {
  validJson: 'Valid JSON',
  invalidJson: 'Invalid JSON',
  resetPayload: 'Reset Payload',
  testSync: 'Test Sync',
  advancedSettings: 'Advanced settings',
  invalidJsonMessage,
  jsonErrorSummary: 'JSON Error',
  sent: 'Test webhook was sent successfully',
  unexpected: 'An unexpected error occurred',
} as const;

/** The edited payload parsed, or invalid (the "Invalid JSON" indicator; Test Sync disabled). */
export function parseTestPayload(
  text: string,
): { valid: true; payload: unknown } | { valid: false } {
  const parsed = parseJson(text);
  return parsed.valid ? { valid: true, payload: parsed.value } : { valid: false };
}

/** spec §5: sending invalid JSON is an error with summary "JSON Error" (persistent, like every test error). */
export const invalidJsonToast: ToastMessage = {
  severity: 'error',
  summary: testDialogTexts.jsonErrorSummary,
  detail: testDialogTexts.invalidJsonMessage,
  life: PERSISTENT,
};

/** spec §8: success, or the server's errors as text, persistent. */
export function testResultToast(result: TestWebhookResult): ToastMessage {
  if (result.success) return successToast(testDialogTexts.sent);
  return errorToast(result.errors.join('\n') || testDialogTexts.unexpected, PERSISTENT);
}

/** A placeholder for the recipient email field: heyreach's lead is a LinkedIn profile. */
export const recipientEmailLabel = (platform: Platform | null | undefined): string =>
  platform === 'heyreach' ? 'Recipient social profile URL' : 'Recipient email';
