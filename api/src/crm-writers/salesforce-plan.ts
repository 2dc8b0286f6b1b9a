import type { InternalEvent } from 'shared/events';
import { eventEffect } from './event-effects.js';
import { isFreeMailDomain } from './free-mail.js';
import { lookupSteps, sourceWords, type LookupStep } from './lookup.js';
import { salesforceFieldName } from '../records/os-properties.js';
import { planTime, type PlanOptions, type WriterSettings } from './settings.js';
import { fillTaskSubject } from './task-subject.js';

export type SalesforceObject = 'Lead' | 'Contact';

/** Salesforce's placeholder for a required text it was not given (Lead.Company, LastName). */
export const NOT_PROVIDED = '[not provided]';

/**
 * Find the Lead or Contact (SOQL, lookups in order) and write it: `fields` always, each `increments`
 * field up by one. Not found: created with `createFields` too, unless `mode` is update or the webhook is
 * Update Only (`onlyUpdate`): then skipped with the reason.
 */
export interface SalesforceRecordOperation {
  kind: 'record';
  object: SalesforceObject;
  mode: 'upsert' | 'update';
  onlyUpdate: boolean;
  lookups: LookupStep[];
  fields: Record<string, string | number | boolean>;
  createFields: Record<string, string | number | boolean>;
  increments: string[];
}

/**
 * Log type 0: an EmailMessage, linked to the record by an EmailMessageRelation (RelationId set by the
 * executor; a real org refuses a Lead or Contact in RelatedToId): the lead is the ToAddress of what was
 * sent to it, the FromAddress of its reply.
 */
export interface SalesforceEmailMessageOperation {
  kind: 'email-message';
  fields: Record<string, string | boolean>;
  relationType: 'ToAddress' | 'FromAddress';
}

/** Log type 1: a Task on the record (WhoId set by the executor), Subject from the Custom Task Subject. */
export interface SalesforceTaskOperation {
  kind: 'task';
  fields: Record<string, string>;
}

export type SalesforceOperation =
  SalesforceRecordOperation | SalesforceEmailMessageOperation | SalesforceTaskOperation;

export interface SalesforcePlan {
  object: SalesforceObject;
  operations: SalesforceOperation[];
  skipped: string | null;
}

/** salesforceObjectType as the REST API names it: "LEAD", "lead", "Lead" → Lead; Contact likewise; Lead by default. */
export function salesforceObjectOf(value: string | null | undefined): SalesforceObject {
  return (value ?? '').trim().toLowerCase() === 'contact' ? 'Contact' : 'Lead';
}

const present = (
  entries: Record<string, string | number | boolean | null | undefined>,
): Record<string, string | number | boolean> =>
  Object.fromEntries(
    Object.entries(entries).filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
    ),
  );

/**
 * What a Salesforce webhook writes for an event (the Salesforce part, under the webhook's
 * settings): a pure plan, run by the executor. The same events as on HubSpot create the record (sent,
 * reply, connection and message events) or only update it.
 */
export function planSalesforceWrites(
  event: InternalEvent,
  settings: WriterSettings,
  options: PlanOptions = {},
): SalesforcePlan {
  const object = salesforceObjectOf(settings.salesforceObjectType);
  const at = event.occurredAt ?? planTime(options);
  const effect = eventEffect(event, at);
  if (!effect)
    return {
      object,
      operations: [],
      skipped: `No CRM write for the ${event.platform} event ${event.platformEventType}`,
    };
  const { steps, missing } = lookupSteps(event, settings, 'SALESFORCE');
  if (steps.length === 0)
    return {
      object,
      operations: [],
      skipped: `The event has no ${sourceWords(missing)} to find the ${object} by`,
    };

  const custom = settings.salesforceCustomFieldObjects.some(
    (name) => name.toLowerCase() === object.toLowerCase(),
  );
  const fields: SalesforceRecordOperation['fields'] = {
    ...(custom
      ? Object.fromEntries(
          Object.entries(effect.os).map(([name, value]) => [salesforceFieldName(name), value]),
        )
      : {}),
    // a standard field: an unsubscribe opts the record out of email whatever the custom fields
    ...(event.eventType === 'LEAD_UNSUBSCRIBED' ? { HasOptedOutOfEmail: true } : {}),
  };
  const domain =
    event.lead.companyDomain && !isFreeMailDomain(event.lead.companyDomain)
      ? event.lead.companyDomain.toLowerCase()
      : null;
  const email = event.lead.email?.toLowerCase() ?? null;
  const lookupValues = Object.fromEntries(
    steps
      .filter(
        (step) => step.source === 'os_objectlookup_id' && step.property.toLowerCase() !== 'id',
      )
      .map((step) => [step.property, step.value]),
  );
  const createFields = present({
    Email: email,
    FirstName: event.lead.firstName,
    LastName:
      event.lead.lastName ??
      (event.lead.firstName ? null : (email?.split('@')[0] ?? null)) ??
      NOT_PROVIDED,
    ...(object === 'Lead' ? { Company: event.lead.companyName ?? domain ?? NOT_PROVIDED } : {}),
    OwnerId: settings.owner.id,
    ...lookupValues,
  });
  const operations: SalesforceOperation[] = [
    {
      kind: 'record',
      object,
      mode: effect.mode,
      onlyUpdate: settings.salesforceOnlyUpdate,
      lookups: steps,
      fields,
      createFields,
      increments: custom ? effect.increments.map(salesforceFieldName) : [],
    },
  ];

  const logged = effect.activity === 'outgoing-email' || effect.activity === 'incoming-email';
  if (logged && settings.logType === 1) {
    operations.push({
      kind: 'task',
      fields: present({
        Subject: fillTaskSubject(settings.customTaskSubject, event),
        Description: event.message.text ?? event.message.html,
        Status: 'Completed',
        ActivityDate: at.slice(0, 10),
        TaskSubtype: 'Email',
        OwnerId: settings.owner.id,
      }) as Record<string, string>,
    });
  } else if (logged) {
    const incoming = effect.activity === 'incoming-email';
    operations.push({
      kind: 'email-message',
      fields: present({
        Subject: event.message.subject,
        TextBody: event.message.text,
        HtmlBody: event.message.html,
        FromAddress: incoming ? email : event.sender.email,
        ToAddress: incoming ? event.sender.email : email,
        Incoming: incoming,
        // EmailMessage.Status: 0 New (received), 3 Sent
        Status: incoming ? '0' : '3',
        MessageDate: at,
      }) as Record<string, string | boolean>,
      relationType: incoming ? 'FromAddress' : 'ToAddress',
    });
  }
  return { object, operations, skipped: null };
}
