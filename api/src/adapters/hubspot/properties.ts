import { z } from 'zod';
import { hubspotRequest, type HubSpotConnection } from './request.js';

/** spec §3 "CRM property". */
export interface HubSpotProperty {
  name: string;
  label: string;
  description: string;
  type: string;
}

const propertiesAnswer = z.object({
  results: z.array(
    z.object({
      name: z.string(),
      label: z.string().nullish(),
      description: z.string().nullish(),
      type: z.string().nullish(),
      hidden: z.boolean().optional(),
      archived: z.boolean().optional(),
    }),
  ),
});

/** GET /crm/v3/properties/contacts: the contact properties (custom os_ ones included), hidden and archived ones left out, by label. */
export async function fetchHubSpotContactProperties(
  connection: HubSpotConnection,
): Promise<HubSpotProperty[]> {
  const answer = await hubspotRequest(
    connection,
    { action: 'listing contact properties', path: '/crm/v3/properties/contacts' },
    propertiesAnswer,
  );
  return answer.results
    .filter((property) => property.hidden !== true && property.archived !== true)
    .map((property) => ({
      name: property.name,
      label: property.label ?? property.name,
      description: property.description ?? '',
      type: property.type ?? 'string',
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
