import type { InternalEvent } from 'shared/events';
import { platformLabel } from 'shared/rules';
import { COUNTED_EVENT_PROPERTY } from './counted-event.js';
import { eventEffect, type EventEffect } from './event-effects.js';
import { isFreeMailDomain } from './free-mail.js';
import { lookupSteps, sourceWords, type LookupStep } from './lookup.js';
import type { OsValue } from '../records/os-properties.js';
import { planTime, type PlanOptions, type WriterSettings } from './settings.js';

/** HubSpot's default association type ids (providers.md; associations v4). */
export const HUBSPOT_ASSOCIATIONS = {
  contactToCompany: 279,
  contactToCompanyPrimary: 1,
  emailToContact: 198,
  communicationToContact: 81,
  taskToContact: 204,
  taskToCompany: 192,
} as const;

/**
 * Find the contact (lookups in order, first found wins) and write it. Found: `properties`, plus
 * `fillIfEmpty` where the contact has no value, plus each `increments` counter up by one. Not found:
 * created with all of them and `createProperties` (by batch upsert on email or a unique property, so
 * a retry or a parallel event cannot make a second one), unless `mode` is update (skipped).
 */
export interface HubspotContactOperation {
  kind: 'contact';
  mode: 'upsert' | 'update';
  lookups: LookupStep[];
  properties: Record<string, string>;
  createProperties: Record<string, string>;
  fillIfEmpty: Record<string, string>;
  increments: string[];
  /** How much each increment adds: the events this write carries (merged opens or clicks), 1 unless said. */
  incrementBy?: number;
  /** The event's key, written beside the counters (os_counted_event) so a run again does not raise them twice. */
  countedEvent?: string;
}

/** The product's contact properties (group os_sync): the missing ones are created before the contact is written. */
export interface HubspotEnsurePropertiesOperation {
  kind: 'ensure-properties';
  names: string[];
}

/** Find the company by domain, create it when missing, associate the contact with it (primary). */
export interface HubspotCompanyOperation {
  kind: 'company';
  domain: string;
  name: string;
  /** hubspot_owner_id written when the company has none ("Assign company owner"). */
  ownerIfUnset: string | null;
}

/** An engagement (email, LinkedIn communication, task) created and associated with the contact (and the company for tasks). */
export interface HubspotEngagementOperation {
  kind: 'engagement';
  objectType: 'emails' | 'communications' | 'tasks';
  properties: Record<string, string>;
  associateCompany: boolean;
}

export type HubspotOperation =
  | HubspotEnsurePropertiesOperation
  | HubspotContactOperation
  | HubspotCompanyOperation
  | HubspotEngagementOperation;

export interface HubspotPlan {
  operations: HubspotOperation[];
  /** Why nothing is written (no operation): the event has no row, or names nothing to find the contact by. */
  skipped: string | null;
}

const hubspotValue = (value: OsValue): string => String(value);

const stringProperties = (
  entries: Record<string, string | null | undefined>,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(entries).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
    ),
  );

/** "Smartlead · Email reply · Q1 Northwind outreach": the platform, the event and the campaign. */
export function hubspotTaskSubject(event: InternalEvent, effect: EventEffect): string {
  return [
    platformLabel(event.platform),
    effect.label,
    event.campaign.name ? `campaign "${event.campaign.name}"` : null,
    event.lead.fullName ?? event.lead.email,
  ]
    .filter(Boolean)
    .join(' · ');
}

function engagementFor(
  event: InternalEvent,
  effect: EventEffect,
  settings: WriterSettings,
  at: string,
): HubspotEngagementOperation | null {
  const owner = stringProperties({ hubspot_owner_id: settings.owner.id });
  const email = (
    direction: string,
    status: string | null,
    text: string | null,
  ): HubspotEngagementOperation => ({
    kind: 'engagement',
    objectType: 'emails',
    associateCompany: false,
    properties: {
      hs_timestamp: at,
      hs_email_direction: direction,
      ...(status ? { hs_email_status: status } : {}),
      ...stringProperties({
        hs_email_subject: event.message.subject,
        hs_email_text: text,
        hs_email_html: event.message.html,
      }),
      hs_email_headers: JSON.stringify(
        direction === 'INCOMING_EMAIL'
          ? {
              from: {
                email: event.lead.email,
                firstName: event.lead.firstName,
                lastName: event.lead.lastName,
              },
              to: [{ email: event.sender.email }],
            }
          : {
              from: { email: event.sender.email },
              to: [
                {
                  email: event.lead.email,
                  firstName: event.lead.firstName,
                  lastName: event.lead.lastName,
                },
              ],
            },
      ),
      ...owner,
    },
  });
  switch (effect.activity) {
    case 'outgoing-email':
      return email('EMAIL', 'SENT', event.message.text);
    case 'incoming-email':
      return email('INCOMING_EMAIL', null, event.message.text);
    case 'bounced-email':
      return email('EMAIL', 'BOUNCED', event.message.text);
    case 'linkedin-message':
    case 'linkedin-reply':
      return {
        kind: 'engagement',
        objectType: 'communications',
        associateCompany: false,
        properties: {
          hs_timestamp: at,
          hs_communication_channel_type: 'LINKEDIN_MESSAGE',
          hs_communication_logged_from: 'CRM',
          hs_communication_body: event.message.text ?? effect.label,
          ...owner,
        },
      };
    case null:
      return null;
  }
}

/**
 * What a HubSpot webhook writes for an event (the HubSpot table, under the webhook's settings):
 * a pure plan, run by the executor. `options.now` stands in for an event without a time.
 */
export function planHubspotWrites(
  event: InternalEvent,
  settings: WriterSettings,
  options: PlanOptions = {},
): HubspotPlan {
  const at = event.occurredAt ?? planTime(options);
  const effect = eventEffect(event, at);
  if (!effect)
    return {
      operations: [],
      skipped: `No CRM write for the ${event.platform} event ${event.platformEventType}`,
    };
  const { steps, missing } = lookupSteps(event, settings, 'HUBSPOT');
  if (steps.length === 0)
    return {
      operations: [],
      skipped: `The event has no ${sourceWords(missing)} to find the contact by`,
    };

  const custom = settings.createContactCustomProperties;
  const properties = custom
    ? Object.fromEntries(
        Object.entries(effect.os).map(([name, value]) => [name, hubspotValue(value)]),
      )
    : {};
  const increments = custom ? effect.increments : [];
  const domain =
    event.lead.companyDomain && !isFreeMailDomain(event.lead.companyDomain)
      ? event.lead.companyDomain.toLowerCase()
      : null;
  const profileProperty =
    settings.emailService === 'heyreach'
      ? settings.objectDefaultSearchProperty?.trim() || 'hs_linkedin_url'
      : 'hs_linkedin_url';
  const identity = stringProperties({
    firstname: event.lead.firstName,
    lastname: event.lead.lastName,
    website: domain ? `https://${domain}` : null,
    [profileProperty]: event.lead.profileUrl,
  });
  const lookupValues = Object.fromEntries(
    steps
      .filter((step) => step.source === 'os_objectlookup_id' && step.property !== 'hs_object_id')
      .map((step) => [step.property, step.value]),
  );
  const createProperties = {
    ...identity,
    ...lookupValues,
    ...stringProperties({ email: event.lead.email?.toLowerCase() }),
  };
  const fillIfEmpty = {
    ...(effect.mode === 'upsert' ? identity : {}),
    ...(settings.assignContactOwner
      ? stringProperties({ hubspot_owner_id: settings.owner.id })
      : {}),
  };

  const operations: HubspotOperation[] = [];
  const counters = increments.length > 0 ? [...increments, COUNTED_EVENT_PROPERTY] : [];
  const osNames = [...Object.keys(properties), ...counters];
  if (custom && osNames.length > 0)
    operations.push({ kind: 'ensure-properties', names: [...new Set(osNames)] });
  operations.push({
    kind: 'contact',
    mode: effect.mode,
    lookups: steps,
    properties,
    createProperties,
    fillIfEmpty,
    increments,
  });

  const company = settings.createOrUpdateCompany && effect.mode === 'upsert' && domain !== null;
  if (company) {
    operations.push({
      kind: 'company',
      domain,
      name: event.lead.companyName ?? domain,
      ownerIfUnset: settings.assignCompanyOwner ? settings.owner.id || null : null,
    });
  }
  const engagement = engagementFor(event, effect, settings, at);
  if (engagement) operations.push(engagement);
  if (settings.createOrUpdateTask && effect.taskWorthy) {
    operations.push({
      kind: 'engagement',
      objectType: 'tasks',
      associateCompany: company,
      properties: {
        hs_timestamp: at,
        hs_task_subject: hubspotTaskSubject(event, effect),
        hs_task_status: 'NOT_STARTED',
        hs_task_type: event.platform === 'heyreach' ? 'LINKED_IN' : 'EMAIL',
        ...stringProperties({
          hs_task_body: event.message.text,
          hubspot_owner_id: settings.owner.id,
        }),
      },
    });
  }
  return { operations, skipped: null };
}
