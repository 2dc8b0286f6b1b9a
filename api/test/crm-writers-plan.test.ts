import { fixtureById, normaliseEvent, type InternalEvent } from 'shared/events';
import { customTaskSubjectSnippets } from 'shared/rules';
import {
  fillTaskSubject,
  isFreeMailDomain,
  lookupSteps,
  planHubspotWrites,
  planSalesforceWrites,
  type HubspotContactOperation,
  type HubspotEngagementOperation,
  type HubspotPlan,
  type SalesforceRecordOperation,
  type WriterSettings,
} from '../src/crm-writers/index.js';
import { writerSettings } from './helpers/writer-settings.js';

const NOW = '2026-03-05T10:00:00.000Z';

function eventOf(
  id: string,
  change: (payload: Record<string, unknown>) => Record<string, unknown> = (payload) => payload,
): InternalEvent {
  const fixture = fixtureById(id);
  if (!fixture) throw new Error(`no fixture ${id}`);
  const result = normaliseEvent(
    fixture.platform,
    change(structuredClone(fixture.payload) as Record<string, unknown>),
  );
  if (!result.ok) throw new Error(result.problem.message);
  return result.event;
}

const hubspotSettings = (change: Partial<WriterSettings> = {}): WriterSettings =>
  writerSettings({ logType: null, salesforceObjectType: null, ...change });

const heyreachSettings = (change: Partial<WriterSettings> = {}) =>
  hubspotSettings({
    emailService: 'heyreach',
    objectDefaultSearchProperty: 'hs_linkedin_url',
    ...change,
  });

const contactOf = (plan: HubspotPlan) =>
  plan.operations.find(
    (operation): operation is HubspotContactOperation => operation.kind === 'contact',
  )!;
const engagementsOf = (plan: HubspotPlan) =>
  plan.operations.filter(
    (operation): operation is HubspotEngagementOperation => operation.kind === 'engagement',
  );
const kinds = (plan: HubspotPlan) =>
  plan.operations.map((operation) =>
    operation.kind === 'engagement' ? `engagement:${operation.objectType}` : operation.kind,
  );

describe('planHubspotWrites: the issue’s HubSpot table, row by row', () => {
  it('EMAIL_SENT: upsert (email, names, website from the domain), a SENT email engagement, last sent, step and campaign', () => {
    const event = eventOf('smartlead.email-sent');
    const plan = planHubspotWrites(event, hubspotSettings(), { now: NOW });
    expect(plan.skipped).toBeNull();
    expect(kinds(plan)).toEqual(['ensure-properties', 'contact', 'engagement:emails']);
    const contact = contactOf(plan);
    expect(contact.mode).toBe('upsert');
    expect(contact.lookups).toEqual([
      { source: 'email', property: 'email', value: event.lead.email },
    ]);
    expect(contact.createProperties).toMatchObject({
      email: event.lead.email,
      firstname: event.lead.firstName,
      lastname: event.lead.lastName,
      website: `https://${event.lead.companyDomain}`,
    });
    expect(contact.properties).toEqual({
      os_sales_engagement_platform: 'smartlead',
      os_last_sent_at: event.occurredAt,
      os_last_sequence_step: String(event.message.sequenceStep),
      os_campaign_name: event.campaign.name,
    });
    const [email] = engagementsOf(plan);
    expect(email!.properties).toMatchObject({
      hs_email_direction: 'EMAIL',
      hs_email_status: 'SENT',
      hs_email_subject: event.message.subject,
      hs_timestamp: event.occurredAt,
      hubspot_owner_id: '7010002',
    });
    expect(email!.properties.hs_email_text ?? email!.properties.hs_email_html).toBeTruthy();
  });

  it.each(['smartlead.email-open', 'instantly.email-opened', 'bison.email-opened'])(
    'EMAIL_OPEN (%s): update only, os_open_count up by one, last open time',
    (id) => {
      const plan = planHubspotWrites(eventOf(id), hubspotSettings(), { now: NOW });
      const contact = contactOf(plan);
      expect(contact.mode).toBe('update');
      expect(contact.increments).toEqual(['os_open_count']);
      expect(contact.properties).toHaveProperty('os_last_open_at');
      expect(engagementsOf(plan)).toEqual([]);
    },
  );

  it('EMAIL_LINK_CLICK: update only, os_click_count up by one, last click time', () => {
    const contact = contactOf(
      planHubspotWrites(eventOf('smartlead.email-link-click'), hubspotSettings(), { now: NOW }),
    );
    expect(contact.mode).toBe('update');
    expect(contact.increments).toEqual(['os_click_count']);
    expect(contact.properties).toHaveProperty('os_last_click_at');
  });

  it('EMAIL_REPLY: upsert, an INCOMING_EMAIL engagement with the reply text, last reply time and message', () => {
    const event = eventOf('smartlead.email-reply');
    const plan = planHubspotWrites(event, hubspotSettings(), { now: NOW });
    const contact = contactOf(plan);
    expect(contact.mode).toBe('upsert');
    expect(contact.properties).toMatchObject({
      os_last_reply_at: event.occurredAt,
      os_last_reply_message: event.message.text,
    });
    const [email] = engagementsOf(plan);
    expect(email!.properties).toMatchObject({
      hs_email_direction: 'INCOMING_EMAIL',
      hs_email_text: event.message.text,
    });
    expect(email!.properties).not.toHaveProperty('hs_email_status');
  });

  it('EMAIL_BOUNCE: update, a BOUNCED email engagement, os_bounced', () => {
    const plan = planHubspotWrites(eventOf('smartlead.email-bounce'), hubspotSettings(), {
      now: NOW,
    });
    expect(contactOf(plan)).toMatchObject({ mode: 'update', properties: { os_bounced: 'true' } });
    expect(engagementsOf(plan)[0]!.properties).toMatchObject({
      hs_email_status: 'BOUNCED',
      hs_email_direction: 'EMAIL',
    });
  });

  it('LEAD_UNSUBSCRIBED: update, os_unsubscribed', () => {
    const plan = planHubspotWrites(eventOf('smartlead.lead-unsubscribed'), hubspotSettings(), {
      now: NOW,
    });
    expect(contactOf(plan)).toMatchObject({
      mode: 'update',
      properties: { os_unsubscribed: 'true' },
    });
    expect(engagementsOf(plan)).toEqual([]);
  });

  it('LEAD_CATEGORY_UPDATED: update, the new category id and name', () => {
    const plan = planHubspotWrites(eventOf('smartlead.lead-category-updated'), hubspotSettings(), {
      now: NOW,
    });
    expect(contactOf(plan)).toMatchObject({
      mode: 'update',
      properties: { os_lead_category_id: '1', os_lead_category_name: 'Interested' },
    });
  });

  it.each([
    ['heyreach.connection-request-sent', 'Request sent', false],
    ['heyreach.connection-request-accepted', 'Accepted', true],
  ] as const)(
    '%s: upsert by profile URL, last connection status and time; a task only when accepted',
    (id, status, task) => {
      const event = eventOf(id);
      const plan = planHubspotWrites(event, heyreachSettings({ createOrUpdateTask: true }), {
        now: NOW,
      });
      const contact = contactOf(plan);
      expect(contact.mode).toBe('upsert');
      expect(contact.lookups).toEqual([
        { source: 'profile_url', property: 'hs_linkedin_url', value: event.lead.profileUrl },
      ]);
      expect(contact.createProperties).toMatchObject({
        hs_linkedin_url: event.lead.profileUrl,
        email: event.lead.email,
      });
      expect(contact.properties).toMatchObject({
        os_last_connection_status: status,
        os_last_connection_at: event.occurredAt,
      });
      expect(engagementsOf(plan).some((operation) => operation.objectType === 'tasks')).toBe(task);
    },
  );

  it.each(['heyreach.message-sent', 'heyreach.inmail-sent'])(
    '%s: upsert, a LINKEDIN_MESSAGE communication with the text',
    (id) => {
      const event = eventOf(id);
      const plan = planHubspotWrites(event, heyreachSettings({ createOrUpdateTask: true }), {
        now: NOW,
      });
      expect(contactOf(plan).mode).toBe('upsert');
      const engagements = engagementsOf(plan);
      expect(engagements.map((operation) => operation.objectType)).toEqual(['communications']);
      expect(engagements[0]!.properties).toMatchObject({
        hs_communication_channel_type: 'LINKEDIN_MESSAGE',
        hs_communication_body: event.message.text,
      });
    },
  );

  it.each(['heyreach.message-reply-received', 'heyreach.inmail-reply-received'])(
    '%s: upsert, a communication with the reply, os_last_social_reply, a task',
    (id) => {
      const event = eventOf(id);
      const plan = planHubspotWrites(event, heyreachSettings({ createOrUpdateTask: true }), {
        now: NOW,
      });
      expect(contactOf(plan).properties).toMatchObject({
        os_last_social_reply: 'Hi Sam, mostly by hand. Happy to compare notes next week.',
      });
      expect(engagementsOf(plan).map((operation) => operation.objectType)).toEqual([
        'communications',
        'tasks',
      ]);
      expect(engagementsOf(plan)[0]!.properties.hs_communication_body).toBe(event.message.text);
    },
  );

  it.each([
    ['heyreach.follow-sent', 'LinkedIn follow'],
    ['heyreach.liked-post', 'LinkedIn post liked'],
    ['heyreach.viewed-profile', 'LinkedIn profile viewed'],
    ['heyreach.lead-tag-updated', 'Tags: Founder, Interested'],
  ])('%s: update, last social activity and its time', (id, activity) => {
    const plan = planHubspotWrites(eventOf(id), heyreachSettings(), { now: NOW });
    expect(contactOf(plan)).toMatchObject({
      mode: 'update',
      properties: { os_last_social_activity: activity },
    });
    expect(contactOf(plan).properties).toHaveProperty('os_last_social_activity_at');
    expect(engagementsOf(plan)).toEqual([]);
  });

  it('an event no row covers writes nothing, with the reason', () => {
    const event = {
      ...eventOf('heyreach.follow-sent'),
      eventType: null,
      platformEventType: 'campaign_completed',
    };
    expect(planHubspotWrites(event, heyreachSettings())).toEqual({
      operations: [],
      skipped: 'No CRM write for the heyreach event campaign_completed',
    });
  });

  it('an event without its time uses the time given', () => {
    const event = { ...eventOf('smartlead.email-sent'), occurredAt: null };
    expect(
      contactOf(planHubspotWrites(event, hubspotSettings(), { now: NOW })).properties
        .os_last_sent_at,
    ).toBe(NOW);
  });
});

describe('planHubspotWrites: the settings', () => {
  it('"Custom contact properties" off: no os_ property, no counter, no property creation', () => {
    const sent = planHubspotWrites(
      eventOf('smartlead.email-sent'),
      hubspotSettings({ createContactCustomProperties: false }),
      { now: NOW },
    );
    expect(kinds(sent)).toEqual(['contact', 'engagement:emails']);
    expect(contactOf(sent).properties).toEqual({});
    expect(
      contactOf(
        planHubspotWrites(
          eventOf('smartlead.email-open'),
          hubspotSettings({ createContactCustomProperties: false }),
        ),
      ).increments,
    ).toEqual([]);
  });

  it('"Custom contact properties" on: the properties written are ensured first, os_counted_event beside the counters', () => {
    const plan = planHubspotWrites(eventOf('smartlead.email-open'), hubspotSettings(), {
      now: NOW,
    });
    expect(plan.operations[0]).toEqual({
      kind: 'ensure-properties',
      names: [
        'os_sales_engagement_platform',
        'os_last_open_at',
        'os_open_count',
        'os_counted_event',
      ],
    });
  });

  it('"Create or update company": the company of the domain, on events that upsert; never for free mail', () => {
    const event = eventOf('smartlead.email-sent');
    const plan = planHubspotWrites(
      event,
      hubspotSettings({ createOrUpdateCompany: true, assignCompanyOwner: true }),
      { now: NOW },
    );
    expect(plan.operations).toContainEqual({
      kind: 'company',
      domain: event.lead.companyDomain,
      name: event.lead.companyName ?? event.lead.companyDomain,
      ownerIfUnset: '7010002',
    });
    expect(
      kinds(
        planHubspotWrites(
          eventOf('smartlead.email-open'),
          hubspotSettings({ createOrUpdateCompany: true }),
        ),
      ),
    ).not.toContain('company');
    const gmail = eventOf('smartlead.email-sent', (payload) => ({
      ...payload,
      to_email: 'jane.doe@gmail.com',
    }));
    const freeMail = planHubspotWrites(gmail, hubspotSettings({ createOrUpdateCompany: true }), {
      now: NOW,
    });
    expect(kinds(freeMail)).not.toContain('company');
    expect(contactOf(freeMail).createProperties).not.toHaveProperty('website');
  });

  it('"Assign contact owner": the owner fills hubspot_owner_id where none is set; "Assign company owner" off: the company keeps its own', () => {
    const plan = planHubspotWrites(
      eventOf('smartlead.email-sent'),
      hubspotSettings({ assignContactOwner: true, createOrUpdateCompany: true }),
      { now: NOW },
    );
    expect(contactOf(plan).fillIfEmpty).toMatchObject({ hubspot_owner_id: '7010002' });
    expect(plan.operations.find((operation) => operation.kind === 'company')).toMatchObject({
      ownerIfUnset: null,
    });
    expect(
      contactOf(planHubspotWrites(eventOf('smartlead.email-sent'), hubspotSettings())).fillIfEmpty,
    ).not.toHaveProperty('hubspot_owner_id');
  });

  it('"Create task": on replies, a task for the owner naming the platform, event and campaign, associated with the company when one is made', () => {
    const plan = planHubspotWrites(
      eventOf('smartlead.email-reply'),
      hubspotSettings({ createOrUpdateTask: true, createOrUpdateCompany: true }),
      { now: NOW },
    );
    const task = engagementsOf(plan).find((operation) => operation.objectType === 'tasks')!;
    expect(task.associateCompany).toBe(true);
    expect(task.properties).toMatchObject({
      hubspot_owner_id: '7010002',
      hs_task_status: 'NOT_STARTED',
      hs_task_type: 'EMAIL',
    });
    expect(task.properties.hs_task_subject).toBe(
      'Smartlead · Email reply · campaign "Q1 Northwind outreach" · Jane Doe',
    );
    expect(
      engagementsOf(
        planHubspotWrites(
          eventOf('smartlead.email-sent'),
          hubspotSettings({ createOrUpdateTask: true }),
        ),
      ).map((operation) => operation.objectType),
    ).toEqual(['emails']);
    expect(
      engagementsOf(planHubspotWrites(eventOf('smartlead.email-reply'), hubspotSettings())).map(
        (operation) => operation.objectType,
      ),
    ).toEqual(['emails']);
  });
});

describe('lookup methods (spec §3)', () => {
  const withLookupId = (id: string) =>
    eventOf(id, (payload) => ({ ...payload, os_objectlookup_id: 'EXT-42' }));

  it('default: by email; heyreach by its profile-URL property', () => {
    expect(
      lookupSteps(
        eventOf('instantly.email-sent'),
        hubspotSettings({ emailService: 'instantly' }),
        'HUBSPOT',
      ).steps.map((step) => step.property),
    ).toEqual(['email']);
    expect(
      lookupSteps(
        eventOf('heyreach.message-sent'),
        heyreachSettings({ objectDefaultSearchProperty: 'linkedin_profile' }),
        'HUBSPOT',
      ).steps,
    ).toEqual([
      {
        source: 'profile_url',
        property: 'linkedin_profile',
        value: 'https://www.linkedin.com/in/priya-patel-7',
      },
    ]);
    expect(
      lookupSteps(eventOf('smartlead.email-sent'), hubspotSettings(), 'SALESFORCE').steps.map(
        (step) => step.property,
      ),
    ).toEqual(['Email']);
  });

  it('alternative_property: the chosen field against os_objectlookup_id; the created contact carries the value', () => {
    const settings = hubspotSettings({
      objectLookupMethod: 'alternative_property',
      objectLookupIdField: 'external_id',
    });
    expect(lookupSteps(withLookupId('smartlead.email-sent'), settings, 'HUBSPOT').steps).toEqual([
      { source: 'os_objectlookup_id', property: 'external_id', value: 'EXT-42' },
    ]);
    expect(
      contactOf(planHubspotWrites(withLookupId('smartlead.email-sent'), settings)).createProperties,
    ).toMatchObject({ external_id: 'EXT-42', email: 'jane.doe@northwind.example' });
    const missing = planHubspotWrites(eventOf('smartlead.email-sent'), settings);
    expect(missing).toEqual({
      operations: [],
      skipped: 'The event has no os_objectlookup_id to find the contact by',
    });
    // no field chosen (the form warns but saves): the default lookup
    expect(
      lookupSteps(
        eventOf('smartlead.email-sent'),
        hubspotSettings({ objectLookupMethod: 'alternative_property' }),
        'HUBSPOT',
      ).steps.map((step) => step.source),
    ).toEqual(['email']);
    // hs_object_id is read by id, never written
    expect(
      contactOf(
        planHubspotWrites(
          withLookupId('smartlead.email-sent'),
          hubspotSettings({
            objectLookupMethod: 'alternative_property',
            objectLookupIdField: 'hs_object_id',
          }),
        ),
      ).createProperties,
    ).not.toHaveProperty('hs_object_id');
  });

  it('optional_alternative_property: os_objectlookup_id, then email, then profile URL; steps without a value are left out', () => {
    const settings = heyreachSettings({
      objectLookupMethod: 'optional_alternative_property',
      optionalAlternativeProperty: {
        profile_url: 'hs_linkedin_url',
        email: 'email',
        os_objectlookup_id: 'external_id',
      },
    });
    expect(
      lookupSteps(withLookupId('heyreach.message-sent'), settings, 'HUBSPOT').steps.map(
        (step) => `${step.source}:${step.property}`,
      ),
    ).toEqual(['os_objectlookup_id:external_id', 'email:email', 'profile_url:hs_linkedin_url']);
    expect(lookupSteps(eventOf('heyreach.message-sent'), settings, 'HUBSPOT')).toMatchObject({
      missing: ['os_objectlookup_id'],
    });
    const smartlead = hubspotSettings({
      objectLookupMethod: 'optional_alternative_property',
      objectLookupIdField: 'hs_object_id',
    });
    expect(
      lookupSteps(withLookupId('smartlead.email-sent'), smartlead, 'HUBSPOT').steps.map(
        (step) => step.property,
      ),
    ).toEqual(['hs_object_id', 'email']);
    const salesforce = hubspotSettings({
      objectLookupMethod: 'optional_alternative_property',
      objectLookupIdField: 'os_objectlookup_id__c',
    });
    expect(
      lookupSteps(withLookupId('smartlead.email-sent'), salesforce, 'SALESFORCE').steps.map(
        (step) => step.property,
      ),
    ).toEqual(['os_objectlookup_id__c', 'Email']);
  });
});

describe('free-mail domains', () => {
  it.each([
    'gmail.com',
    'yahoo.com',
    'outlook.com',
    'hotmail.com',
    'GMAIL.COM',
    'mail.yahoo.com',
    '',
    null,
  ])('%s is free mail', (domain) => expect(isFreeMailDomain(domain)).toBe(true));
  it.each(['northwind.example', 'gmail.com.example', 'notgmail.com'])(
    '%s is a company domain',
    (domain) => expect(isFreeMailDomain(domain)).toBe(false),
  );
});

describe('Salesforce Custom Task Subject snippets (spec §5)', () => {
  const event = eventOf('smartlead.lead-category-updated');
  const expected: Record<(typeof customTaskSubjectSnippets)[number], string> = {
    os_sales_engagement_platform: 'smartlead',
    event_type: 'LEAD_CATEGORY_UPDATED',
    to_name: event.lead.fullName ?? '',
    to_email: event.lead.email ?? '',
    from_email: event.sender.email ?? '',
    campaign_name: 'Q1 Northwind outreach',
    campaign_id: '1482093',
    subject: event.message.subject ?? '',
    sequence_number: event.message.sequenceStep === null ? '' : String(event.message.sequenceStep),
    lead_category_id: '1',
    lead_category_name: 'Interested',
  };

  it.each(customTaskSubjectSnippets.map((snippet) => [snippet]))(
    '{%s} is filled from the event',
    (snippet) => {
      expect(fillTaskSubject(`[{${snippet}}]`, event)).toBe(
        `[${expected[snippet]}]`.replace(/\s+/g, ' '),
      );
    },
  );

  it('every snippet has a value in the fixture (the table above is not vacuous)', () => {
    for (const snippet of [
      'to_name',
      'to_email',
      'from_email',
      'campaign_name',
      'lead_category_id',
    ] as const)
      expect(expected[snippet]).not.toBe('');
  });

  it('keeps the text around snippets, leaves unknown braces, collapses spaces, falls back when blank, cuts at 255', () => {
    expect(
      fillTaskSubject(
        '{event_type} from {to_email} in {campaign_name}',
        eventOf('smartlead.email-reply'),
      ),
    ).toBe('EMAIL_REPLY from jane.doe@northwind.example in Q1 Northwind outreach');
    expect(fillTaskSubject('{unknown} {lead_category_name}', eventOf('smartlead.email-sent'))).toBe(
      '{unknown}',
    );
    expect(fillTaskSubject('{lead_category_name}', eventOf('smartlead.email-sent'))).toBe(
      'smartlead EMAIL_SENT',
    );
    expect(fillTaskSubject(null, eventOf('smartlead.email-sent'))).toBe('smartlead EMAIL_SENT');
    expect(fillTaskSubject(`${'x'.repeat(300)}`, event)).toHaveLength(255);
  });
});

describe('planSalesforceWrites', () => {
  const salesforceSettings = (change: Partial<WriterSettings> = {}) =>
    hubspotSettings({
      owner: {
        id: '005000000000001AAA',
        firstName: 'Sandbox',
        lastName: 'Admin',
        email: 'admin@crm-sync-sandbox.example',
      },
      salesforceObjectType: 'LEAD',
      logType: 0,
      ...change,
    });
  const recordOf = (plan: ReturnType<typeof planSalesforceWrites>) =>
    plan.operations[0] as SalesforceRecordOperation;

  it('EMAIL_SENT on a Lead, log type 0: upsert with Email, names, Company, owner; custom fields only on the chosen objects; an EmailMessage', () => {
    const event = eventOf('smartlead.email-sent');
    const plan = planSalesforceWrites(
      event,
      salesforceSettings({ salesforceCustomFieldObjects: ['Lead'] }),
      { now: NOW },
    );
    expect(plan.object).toBe('Lead');
    const record = recordOf(plan);
    expect(record).toMatchObject({
      kind: 'record',
      mode: 'upsert',
      onlyUpdate: false,
      lookups: [{ property: 'Email', value: event.lead.email }],
    });
    expect(record.createFields).toEqual({
      Email: event.lead.email,
      FirstName: 'Jane',
      LastName: 'Doe',
      Company: event.lead.companyName ?? event.lead.companyDomain,
      OwnerId: '005000000000001AAA',
    });
    expect(record.fields).toMatchObject({
      os_last_sent_at__c: event.occurredAt,
      os_campaign_name__c: 'Q1 Northwind outreach',
      os_sales_engagement_platform__c: 'smartlead',
    });
    expect(plan.operations[1]).toMatchObject({
      kind: 'email-message',
      relationType: 'ToAddress',
      fields: {
        Subject: event.message.subject,
        Incoming: false,
        Status: '3',
        ToAddress: event.lead.email,
      },
    });
    expect(plan.operations[1]).not.toHaveProperty('fields.RelatedToId');
    expect(
      planSalesforceWrites(eventOf('smartlead.email-reply'), salesforceSettings(), { now: NOW })
        .operations[1],
    ).toMatchObject({
      kind: 'email-message',
      relationType: 'FromAddress',
      fields: { Incoming: true },
    });
    expect(
      recordOf(
        planSalesforceWrites(
          event,
          salesforceSettings({ salesforceCustomFieldObjects: ['Contact'] }),
        ),
      ).fields,
    ).toEqual({});
  });

  it('Company falls back to the domain, then "[not provided]" (free mail); Contact has no Company', () => {
    const noCompany = eventOf('instantly.email-sent', (payload) => ({
      ...payload,
      companyName: undefined,
      company_name: undefined,
      website: undefined,
    }));
    expect(
      recordOf(planSalesforceWrites(noCompany, salesforceSettings())).createFields.Company,
    ).toBe(noCompany.lead.companyName ?? noCompany.lead.companyDomain);
    const gmail = eventOf('smartlead.email-sent', (payload) => ({
      ...payload,
      to_email: 'jane.doe@gmail.com',
    }));
    expect(recordOf(planSalesforceWrites(gmail, salesforceSettings())).createFields.Company).toBe(
      '[not provided]',
    );
    expect(
      recordOf(planSalesforceWrites(gmail, salesforceSettings({ salesforceObjectType: 'CONTACT' })))
        .createFields,
    ).not.toHaveProperty('Company');
  });

  it('log type 1: a Task whose Subject is the Custom Task Subject filled in', () => {
    const plan = planSalesforceWrites(
      eventOf('smartlead.email-reply'),
      salesforceSettings({
        logType: 1,
        customTaskSubject: '{os_sales_engagement_platform}: {event_type} - {to_email}',
      }),
      {
        now: NOW,
      },
    );
    expect(plan.operations[1]).toMatchObject({
      kind: 'task',
      fields: {
        Subject: 'smartlead: EMAIL_REPLY - jane.doe@northwind.example',
        Status: 'Completed',
        TaskSubtype: 'Email',
        OwnerId: '005000000000001AAA',
      },
    });
  });

  it('Update Only is carried to the executor; open counts up; unsubscribes opt out of email', () => {
    const open = recordOf(
      planSalesforceWrites(
        eventOf('smartlead.email-open'),
        salesforceSettings({ salesforceOnlyUpdate: true, salesforceCustomFieldObjects: ['lead'] }),
      ),
    );
    expect(open).toMatchObject({
      mode: 'update',
      onlyUpdate: true,
      increments: ['os_open_count__c'],
    });
    expect(
      recordOf(planSalesforceWrites(eventOf('smartlead.lead-unsubscribed'), salesforceSettings()))
        .fields,
    ).toEqual({ HasOptedOutOfEmail: true });
    expect(
      planSalesforceWrites(eventOf('smartlead.email-open'), salesforceSettings()).operations,
    ).toHaveLength(1);
  });
});
