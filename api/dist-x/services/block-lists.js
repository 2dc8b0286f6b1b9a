import { hubspotBlockListProblem, normalizeBlockListChoices, salesforceBlockListProblem } from 'shared/rules';
import { badRequest } from '../http/http-error.js';
import { createBlockList } from '../repositories/block-lists.js';
const fail = (field, message) => badRequest(message, { [field]: message });
const cleanList = (values) => [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
function clientOf(key, client) {
    if (key.platform !== 'smartlead' || !client || String(client.id).trim() === '')
        return { clientId: null, clientEmail: null };
    return { clientId: String(client.id).trim(), clientEmail: client.email?.trim() || null };
}
/** The profile the block list reads: the one named, else the API key's; of the right CRM. */
async function profileFor(source, crm, key, userProfileId) {
    const profile = await source.profile(userProfileId ?? key.userProfileId);
    if (profile.crm !== crm)
        throw fail('userProfileId', `Choose a ${crm === 'HUBSPOT' ? 'HubSpot' : 'Salesforce'} profile for a ${crm} block list`);
    return profile;
}
/** spec §5 "Block list (HUBSPOT)": checks the payload and stores the block list; its id. */
export async function createHubspotBlockList(deps, source, body) {
    const { key } = source;
    const choices = normalizeBlockListChoices({ ...body, platform: key?.platform });
    const problem = hubspotBlockListProblem(choices);
    if (problem)
        throw fail(problem.field, problem.message);
    if (!key || !choices.listType || !choices.blockType)
        throw new Error('hubspotBlockListProblem let an incomplete block list through');
    const profile = await profileFor(source, 'HUBSPOT', key, body.userProfileId);
    const listId = String(body.listId).trim();
    const heyReach = key.platform === 'heyreach';
    return createBlockList(deps.db, {
        userProfileId: profile.id,
        userId: profile.userId,
        apiKeyId: key.id,
        crm: 'HUBSPOT',
        listId,
        listName: body.listName?.trim() || listId,
        listType: choices.listType,
        blockType: choices.blockType,
        ...clientOf(key, body.client),
        useDomainForNonLatin: choices.useDomainForNonLatin,
        profileUrlFieldNames: heyReach ? cleanList(body.profileUrlFieldNames) : [],
        heyReachListId: heyReach ? String(body.heyReachListId).trim() : null,
        fields: [],
    }, deps.clock.now());
}
/** spec §5 "Block list (SALESFORCE)": checks the payload and stores the block list; its id. */
export async function createSalesforceBlockList(deps, source, body) {
    const { key } = source;
    const choices = normalizeBlockListChoices({ ...body, platform: key?.platform });
    const problem = salesforceBlockListProblem(choices);
    if (problem)
        throw fail(problem.field, problem.message);
    if (!key || !choices.blockType || body.listIdentifier === null)
        throw new Error('salesforceBlockListProblem let an incomplete block list through');
    const profile = await profileFor(source, 'SALESFORCE', key, body.userProfileId);
    const listId = body.listIdentifier.trim();
    return createBlockList(deps.db, {
        userProfileId: profile.id,
        userId: profile.userId,
        apiKeyId: key.id,
        crm: 'SALESFORCE',
        listId,
        listName: body.listName?.trim() || listId,
        listType: null,
        blockType: choices.blockType,
        ...clientOf(key, body.client),
        useDomainForNonLatin: choices.useDomainForNonLatin,
        profileUrlFieldNames: [],
        heyReachListId: null,
        fields: cleanList(body.fields),
    }, deps.clock.now());
}
//# sourceMappingURL=block-lists.js.map