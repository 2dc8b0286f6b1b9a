export {
  addToSmartleadBlockList,
  SMARTLEAD_BLOCK_LIST_BATCH,
  type SmartleadBlockListPush,
} from './block-list.js';
export { checkSmartleadKey } from './check-key.js';
export { listSmartleadClients, type SmartleadClientInfo } from './clients.js';
export { smartleadLeadCategories } from './lead-categories.js';
export { createSmartleadWebhook, SMARTLEAD_WEBHOOK_EVENTS } from './webhooks.js';
