import { z } from 'zod';
import { querySalesforce, soqlString } from '../adapters/salesforce/soql.js';
import type { SalesforceConnection } from '../adapters/salesforce/request.js';
import {
  deleteSalesforceRecord,
  type CompositeSubresponse,
} from '../adapters/salesforce/writes.js';
import type { SalesforceOperation } from './salesforce-plan.js';

type Caller = <T>(fn: (connection: SalesforceConnection) => Promise<T>) => Promise<T>;

const relationRow = z.object({ Id: z.string() });

/**
 * An email's link to the person is a plain create (EmailMessageRelation has no external id): when the
 * email's upsert found the record an earlier run of the event made (`created: false`), that run may
 * have linked it already, so the link made now is deleted if it is a second one. Only a second run
 * pays these calls.
 */
export async function dropSecondLinks(
  call: Caller,
  activities: readonly SalesforceOperation[],
  byReference: ReadonlyMap<string, CompositeSubresponse>,
  recordId: string,
): Promise<void> {
  for (const [index, operation] of activities.entries()) {
    if (operation.kind !== 'email-message') continue;
    const email = byReference.get(`activity${index}`);
    const link = byReference.get(`activity${index}relation`);
    const emailAnswer = (email?.body ?? null) as { id?: string; created?: boolean } | null;
    const linkId = (link?.body as { id?: string } | null)?.id;
    if (
      emailAnswer?.created !== false ||
      !emailAnswer.id ||
      link?.httpStatusCode !== 201 ||
      !linkId
    )
      continue;
    const links = await call((connection) =>
      querySalesforce(
        connection,
        'reading the email’s links',
        `SELECT Id FROM EmailMessageRelation WHERE EmailMessageId = ${soqlString(emailAnswer.id!)} AND RelationId = ${soqlString(recordId)} AND RelationType = ${soqlString(operation.relationType)}`,
        relationRow,
      ),
    );
    if (links.some((row) => row.Id !== linkId))
      await call((connection) =>
        deleteSalesforceRecord(connection, 'EmailMessageRelation', linkId),
      );
  }
}
