import { bisonLeadCategory } from 'shared/contract';
import { addToBisonBlockList, checkBisonKey, createBisonWebhook, removeFromBisonBlockList } from './emailbison/index.js';
import { addLeadsToHeyReachList, checkHeyReachKey, createHeyReachWebhooks } from './heyreach/index.js';
import { addToInstantlyBlockList, checkInstantlyKey, createInstantlyWebhook, instantlyLeadCategories, removeFromInstantlyBlockList } from './instantly/index.js';
import { addToSmartleadBlockList, checkSmartleadKey, createSmartleadWebhook, smartleadLeadCategories } from './smartlead/index.js';
/** bison's one category (spec §4): no platform call, no key needed. */
export const BISON_LEAD_CATEGORY = { ...bisonLeadCategory, created_at: null };
export const platformAdapters = {
    smartlead: {
        platform: 'smartlead',
        provider: 'Smartlead',
        checkKey: checkSmartleadKey,
        leadCategories: { source: 'platform', read: smartleadLeadCategories },
        createWebhook: createSmartleadWebhook,
    },
    instantly: {
        platform: 'instantly',
        provider: 'Instantly',
        checkKey: checkInstantlyKey,
        leadCategories: { source: 'platform', read: instantlyLeadCategories },
        createWebhook: createInstantlyWebhook,
    },
    bison: { platform: 'bison', provider: 'EmailBison', checkKey: checkBisonKey, leadCategories: { source: 'fixed', categories: [BISON_LEAD_CATEGORY] }, createWebhook: createBisonWebhook },
    heyreach: { platform: 'heyreach', provider: 'HeyReach', checkKey: checkHeyReachKey, leadCategories: { source: 'stored' }, createWebhook: createHeyReachWebhooks },
};
/** Pushes entries into a platform's block list in the platform's batch sizes. */
export function pushBlockEntries(endpoints, credentials, push) {
    switch (push.platform) {
        case 'smartlead':
            return addToSmartleadBlockList(endpoints, credentials, { values: push.values, clientId: push.clientId });
        case 'instantly':
            return addToInstantlyBlockList(endpoints, credentials, push.values);
        case 'bison':
            return addToBisonBlockList(endpoints, credentials, push.values);
        case 'heyreach':
            return addLeadsToHeyReachList(endpoints, credentials, push.listId, push.leads);
    }
}
export const canRemoveBlockEntries = (platform) => platform === 'instantly' || platform === 'bison';
/** Removes emails and/or domains from a platform's block list, calling `beforeCall` before each call. */
export function removeBlockEntries(endpoints, credentials, platform, values, beforeCall) {
    return platform === 'instantly' ? removeFromInstantlyBlockList(endpoints, credentials, values, beforeCall) : removeFromBisonBlockList(endpoints, credentials, values, beforeCall);
}
//# sourceMappingURL=platforms.js.map