export { addLeadsToHeyReachList, HEYREACH_LEADS_PER_CALL } from './add-leads.js';
export { checkHeyReachKey } from './check-key.js';
export { createHeyReachList, listHeyReachLists } from './lists.js';
export { createHeyReachWebhooks, HEYREACH_WEBHOOK_EVENTS } from './webhooks.js';
//# sourceMappingURL=index.js.map