export {
  addLeadsToHeyReachList,
  HEYREACH_LEADS_PER_CALL,
  type HeyReachLeadInput,
} from './add-leads.js';
export { checkHeyReachKey } from './check-key.js';
export { createHeyReachList, listHeyReachLists, type HeyReachListInfo } from './lists.js';
export { createHeyReachWebhooks, HEYREACH_WEBHOOK_EVENTS } from './webhooks.js';
