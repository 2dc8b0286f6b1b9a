export { addToInstantlyBlockList, INSTANTLY_BULK_LIMIT } from './block-list.js';
export { checkInstantlyKey } from './check-key.js';
export { instantlyLeadCategories } from './lead-labels.js';
