import { z } from 'zod';
import { hubspotRequest } from './request.js';
const propertiesAnswer = z.object({
    results: z.array(z.object({
        name: z.string(),
        label: z.string().nullish(),
        description: z.string().nullish(),
        type: z.string().nullish(),
        hidden: z.boolean().optional(),
        archived: z.boolean().optional(),
    })),
});
/** GET /crm/v3/properties/contacts: the contact properties (custom os_ ones included), hidden and archived ones left out, by label. */
export async function fetchHubSpotContactProperties(connection) {
    const answer = await hubspotRequest(connection, { action: 'listing contact properties', path: '/crm/v3/properties/contacts' }, propertiesAnswer);
    return answer.results
        .filter((property) => property.hidden !== true && property.archived !== true)
        .map((property) => ({ name: property.name, label: property.label ?? property.name, description: property.description ?? '', type: property.type ?? 'string' }))
        .sort((a, b) => a.label.localeCompare(b.label));
}
//# sourceMappingURL=properties.js.map