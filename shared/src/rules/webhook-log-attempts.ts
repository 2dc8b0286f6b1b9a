import type { WebhookEventStateName } from '../contract/index.js';

/** Why the event panel lists no processing run: not yet (waiting its turn), or never (a post the receiver could not take as an event). */
export function noAttemptsText(state: WebhookEventStateName): string {
  switch (state) {
    case 'invalid':
      return 'Not processed: the body is not an event (see the error above).';
    case 'failed':
      return 'Not processed: no event could be read from the body (see the error above).';
    case 'refused':
      return 'Not processed: the webhook refused it (see the error above).';
    default:
      return 'Not processed yet.';
  }
}
