export { addToBisonBlacklist, addToBisonBlockList } from './blacklist.js';
export { checkBisonKey, missingBaseUrlMessage } from './check-key.js';
export { bisonApiBase, normalizeBisonBaseUrl } from './request.js';
export { BISON_WEBHOOK_EVENTS, createBisonWebhook } from './webhooks.js';
export { removeFromBisonBlockList } from './remove-blacklisted.js';
//# sourceMappingURL=index.js.map