export { createOutboundGuard } from './guard.js';
export { isOutboundError, OutboundError } from './errors.js';
export { SALESFORCE_DOMAIN_SUFFIXES, SALESFORCE_LOGIN_HOSTS } from './host-rules.js';
export { refusedAddressReason } from './addresses.js';
export { loadOutboundSettings, outboundConfigVariables, DEFAULT_MAX_ANSWER_BYTES } from './settings.js';
export { systemResolve } from './resolve.js';
export { sendToWebhookEndpoint } from './webhook-endpoint.js';
//# sourceMappingURL=index.js.map