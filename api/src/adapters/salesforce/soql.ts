import { z } from 'zod';
import { providerBadAnswer } from '../../providers/provider-http.js';
import { salesforceRequest, type SalesforceConnection } from './request.js';

const queryPage = z.object({
  done: z.boolean(),
  records: z.array(z.record(z.string(), z.unknown())),
  nextRecordsUrl: z.string().nullish(),
});

const MAX_PAGES = 100;

/** A SOQL text literal: backslashes and quotes escaped. */
export const soqlString = (value: string): string =>
  `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** GET /query?q=…, following nextRecordsUrl; every record parsed with `record` (another shape is a `bad-answer` ProviderError). */
export async function querySalesforce<S extends z.ZodType>(
  connection: SalesforceConnection,
  action: string,
  soql: string,
  record: S,
): Promise<z.output<S>[]> {
  const records: z.output<S>[] = [];
  let page = await salesforceRequest(
    connection,
    { action, path: '/query', query: { q: soql } },
    queryPage,
  );
  for (let count = 1; ; count += 1) {
    const parsed = z.array(record).safeParse(page.records);
    if (!parsed.success) providerBadAnswer('Salesforce', action);
    records.push(...(parsed.data as z.output<S>[]));
    if (page.done || !page.nextRecordsUrl || count >= MAX_PAGES) break;
    page = await salesforceRequest(connection, { action, path: page.nextRecordsUrl }, queryPage);
  }
  return records;
}
