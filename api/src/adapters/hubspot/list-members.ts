import { z } from 'zod';
import { chunk } from '../platform-answer.js';
import { hubspotRequest, type HubSpotConnection } from './request.js';

/** Memberships come 250 a page (HubSpot's most); batch read takes 100 ids a call. */
export const HUBSPOT_MEMBERSHIP_PAGE = 250;
export const HUBSPOT_BATCH_READ = 100;
const MAX_PAGES = 10_000;

const membershipPage = z.object({
  results: z.array(z.object({ recordId: z.union([z.string(), z.number()]) }).passthrough()),
  paging: z
    .object({
      next: z
        .object({ after: z.union([z.string(), z.number()]) })
        .passthrough()
        .nullish(),
    })
    .passthrough()
    .nullish(),
});

const batchRead = z.object({
  results: z.array(
    z
      .object({
        id: z.union([z.string(), z.number()]),
        properties: z.record(z.string(), z.unknown()).nullish(),
      })
      .passthrough(),
  ),
});

/** A list member with the properties read (null where the record has none). */
export interface HubSpotListMember {
  recordId: string;
  values: Record<string, string | null>;
}

/** Called before every HubSpot call (the caller's rate-limit pacing). */
export type BeforeCall = () => Promise<void>;

/** GET /crm/v3/lists/{listId}/memberships, page after page: the member record ids. */
export async function readHubSpotListMemberIds(
  connection: HubSpotConnection,
  listId: string,
  beforeCall: BeforeCall,
): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    await beforeCall();
    const answer = await hubspotRequest(
      connection,
      {
        action: 'reading the list members',
        path: `/crm/v3/lists/${encodeURIComponent(listId)}/memberships`,
        query: { limit: HUBSPOT_MEMBERSHIP_PAGE, after },
      },
      membershipPage,
    );
    ids.push(...answer.results.map((result) => String(result.recordId)));
    const next = answer.paging?.next?.after;
    if (next === undefined || answer.results.length === 0) break;
    after = String(next);
  }
  return ids;
}

/** POST /crm/v3/objects/{contacts|companies}/batch/read, 100 ids a call: each record's `properties`. */
export async function readHubSpotRecords(
  connection: HubSpotConnection,
  objectType: 'contacts' | 'companies',
  ids: readonly string[],
  properties: readonly string[],
  beforeCall: BeforeCall,
): Promise<HubSpotListMember[]> {
  const members: HubSpotListMember[] = [];
  for (const batch of chunk(ids, HUBSPOT_BATCH_READ)) {
    await beforeCall();
    const answer = await hubspotRequest(
      connection,
      {
        action: `reading the list's ${objectType}`,
        path: `/crm/v3/objects/${objectType}/batch/read`,
        method: 'POST',
        body: { properties, inputs: batch.map((id) => ({ id })) },
      },
      batchRead,
    );
    for (const record of answer.results) {
      const values: Record<string, string | null> = {};
      for (const name of properties) {
        const value = record.properties?.[name];
        values[name] =
          typeof value === 'string' || typeof value === 'number' ? String(value) : null;
      }
      members.push({ recordId: String(record.id), values });
    }
  }
  return members;
}
