export { createOutboundGuard, type OutboundGuard, type OutboundGuardOptions } from './guard.js';
export { isOutboundError, OutboundError } from './errors.js';
export {
  SALESFORCE_DOMAIN_SUFFIXES,
  SALESFORCE_LOGIN_HOSTS,
  type OutboundTarget,
} from './host-rules.js';
export { refusedAddressReason } from './addresses.js';
export {
  loadOutboundSettings,
  outboundConfigVariables,
  DEFAULT_MAX_ANSWER_BYTES,
  type OutboundSettings,
} from './settings.js';
export { systemResolve, type ResolveHost } from './resolve.js';
export type { OutboundAnswer, OutboundRequest } from './transport.js';
export { sendToWebhookEndpoint, type WebhookEndpointCall } from './webhook-endpoint.js';
