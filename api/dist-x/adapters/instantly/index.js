export { addToInstantlyBlockList, INSTANTLY_BULK_LIMIT } from './block-list.js';
export { checkInstantlyKey } from './check-key.js';
export { instantlyLeadCategories } from './lead-labels.js';
export { createInstantlyWebhook, INSTANTLY_WEBHOOK_EVENT } from './webhooks.js';
export { removeFromInstantlyBlockList } from './remove-block-entries.js';
//# sourceMappingURL=index.js.map