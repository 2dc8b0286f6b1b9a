import { z } from 'zod';
import { providerRefused } from '../../providers/provider-http.js';
import { salesforceAnswer, type SalesforceConnection } from './request.js';

/** spec §3 "CRM property": a field of a Salesforce object. */
export interface SalesforceField {
  name: string;
  label: string;
  description: string;
  type: string;
}

const describeAnswer = z.object({
  name: z.string(),
  fields: z.array(
    z.object({
      name: z.string(),
      label: z.string().nullish(),
      type: z.string().nullish(),
      inlineHelpText: z.string().nullish(),
    }),
  ),
});

/** GET /sobjects/{object}/describe: the object's fields the connected user can see; null when the org has no such object. */
export async function fetchSalesforceObjectFields(
  connection: SalesforceConnection,
  objectName: string,
): Promise<SalesforceField[] | null> {
  const answer = await salesforceAnswer(
    connection,
    {
      action: `describing ${objectName}`,
      path: `/sobjects/${encodeURIComponent(objectName)}/describe`,
    },
    describeAnswer,
  );
  if (!answer.ok) {
    if (
      answer.status === 404 ||
      answer.errorCode === 'NOT_FOUND' ||
      answer.errorCode === 'INVALID_TYPE'
    )
      return null;
    providerRefused(
      'Salesforce',
      `Salesforce refused describing ${objectName} (status ${answer.status}): ${answer.errorCode} ${answer.message}`,
      answer.status,
    );
  }
  return answer.data.fields.map((field) => ({
    name: field.name,
    label: field.label ?? field.name,
    description: field.inlineHelpText ?? '',
    type: field.type ?? 'string',
  }));
}
