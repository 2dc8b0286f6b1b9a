import {
  eventFixtures,
  eventWithoutNul,
  fixtureById,
  normaliseEvent,
  normaliseSmartlead,
  payloadAt,
  type EventType,
  type InternalEvent,
  type NormaliseResult,
} from './index.js';

const expectedTypes: Record<string, EventType | null> = {
  'smartlead.email-sent': 'EMAIL_SENT',
  'smartlead.email-open': 'EMAIL_OPEN',
  'smartlead.email-reply': 'EMAIL_REPLY',
  'smartlead.email-link-click': 'EMAIL_LINK_CLICK',
  'smartlead.email-bounce': 'EMAIL_BOUNCE',
  'smartlead.lead-category-updated': 'LEAD_CATEGORY_UPDATED',
  'smartlead.lead-unsubscribed': 'LEAD_UNSUBSCRIBED',
  'bison.email-opened': 'EMAIL_OPEN',
  'bison.email-sent': 'EMAIL_SENT',
  'bison.lead-replied': 'EMAIL_REPLY',
  'bison.lead-unsubscribed': 'LEAD_UNSUBSCRIBED',
  'bison.email-bounced': 'EMAIL_BOUNCE',
  'bison.lead-interested': 'LEAD_CATEGORY_UPDATED',
  'bison.manual-email-sent': 'EMAIL_SENT',
  'bison.lead-replied-automated': 'EMAIL_REPLY',
  'instantly.email-sent': 'EMAIL_SENT',
  'instantly.email-opened': 'EMAIL_OPEN',
  'instantly.reply-received': 'EMAIL_REPLY',
  'instantly.link-clicked': 'EMAIL_LINK_CLICK',
  'instantly.email-bounced': 'EMAIL_BOUNCE',
  'instantly.lead-unsubscribed': 'LEAD_UNSUBSCRIBED',
  'instantly.lead-interested': 'LEAD_CATEGORY_UPDATED',
  'instantly.lead-meeting-booked': 'LEAD_CATEGORY_UPDATED',
  'instantly.lead-meeting-completed': 'LEAD_CATEGORY_UPDATED',
  'instantly.lead-closed': 'LEAD_CATEGORY_UPDATED',
  'instantly.lead-out-of-office': 'LEAD_CATEGORY_UPDATED',
  'instantly.lead-wrong-person': 'LEAD_CATEGORY_UPDATED',
  'instantly.lead-not-interested': 'LEAD_CATEGORY_UPDATED',
  'instantly.lead-neutral': 'LEAD_CATEGORY_UPDATED',
  'instantly.custom-label': 'LEAD_CATEGORY_UPDATED',
  'heyreach.connection-request-sent': 'CONNECTION_REQUEST_SENT',
  'heyreach.connection-request-accepted': 'CONNECTION_REQUEST_ACCEPTED',
  'heyreach.message-sent': 'MESSAGE_SENT',
  'heyreach.inmail-sent': 'MESSAGE_SENT',
  'heyreach.message-reply-received': 'REPLY_RECEIVED',
  'heyreach.inmail-reply-received': 'REPLY_RECEIVED',
  'heyreach.follow-sent': 'FOLLOW_SENT',
  'heyreach.liked-post': 'LIKED_POST',
  'heyreach.viewed-profile': 'VIEWED_PROFILE',
  'heyreach.lead-tag-updated': 'LEAD_CATEGORY_UPDATED',
};

const allFixtures = Object.values(eventFixtures).flat();

function eventOf(result: NormaliseResult): InternalEvent {
  if (!result.ok)
    throw new Error(
      `${result.problem.kind}: ${result.problem.message} ${result.problem.issues.join('; ')}`,
    );
  return result.event;
}

const normaliseFixture = (id: string): InternalEvent => {
  const fixture = fixtureById(id)!;
  return eventOf(normaliseEvent(fixture.platform, fixture.payload));
};

describe('normaliseEvent on every fixture', () => {
  it('covers every fixture in the table', () => {
    expect(allFixtures.map((fixture) => fixture.id).sort()).toEqual(
      Object.keys(expectedTypes).sort(),
    );
  });

  it.each(allFixtures.map((fixture) => [fixture.id, fixture] as const))('%s', (id, fixture) => {
    const event = eventOf(normaliseEvent(fixture.platform, fixture.payload));
    expect(event.platform).toBe(fixture.platform);
    expect(event.eventType).toBe(expectedTypes[id]);
    expect(event.platformEventType.length).toBeGreaterThan(0);
    // every event identifies its lead: an email, or the LinkedIn profile on HeyReach
    expect(fixture.platform === 'heyreach' ? event.lead.profileUrl : event.lead.email).toMatch(
      /\S/,
    );
    expect(event.campaign.id).toMatch(/\S/);
    expect(event.campaign.name).toMatch(/\S/);
    expect(event.dedupeKey.startsWith(`${fixture.platform}:`)).toBe(true);
    // the same body again (a platform's retry) has the same key
    expect(
      eventOf(normaliseEvent(fixture.platform, structuredClone(fixture.payload))).dedupeKey,
    ).toBe(event.dedupeKey);
    if (event.occurredAt !== null)
      expect(event.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('gives the fixtures of one platform distinct dedupe keys', () => {
    const keys = allFixtures.map(
      (fixture) => eventOf(normaliseEvent(fixture.platform, fixture.payload)).dedupeKey,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('follows a refreshed fixture to its new time', () => {
    const fixture = fixtureById('instantly.reply-received')!;
    const event = eventOf(
      normaliseEvent('instantly', payloadAt(fixture, new Date('2027-02-03T04:05:06.000Z'))),
    );
    expect(event.occurredAt).toBe('2027-02-03T04:05:06.000Z');
  });

  it('reads every text without the NUL characters a body escapes into it, and an event without any as it is', () => {
    const fixture = fixtureById('heyreach.message-reply-received')!;
    const payload = payloadAt(fixture, new Date('2027-02-03T04:05:06.000Z')) as {
      correlation_id: string;
      lead: Record<string, unknown>;
    };
    const clean = eventOf(normaliseEvent('heyreach', payload));
    const withNul = {
      ...payload,
      correlation_id: `\u0000${payload.correlation_id}`,
      lead: { ...payload.lead, first_name: 'Ja\u0000ne', tags: ['hot\u0000'] },
    };
    const event = eventOf(normaliseEvent('heyreach', JSON.parse(JSON.stringify(withNul))));
    expect(JSON.stringify(event)).not.toContain('\\u0000');
    expect(event.lead).toMatchObject({ firstName: 'Jane', tags: ['hot'] });
    expect(event.dedupeKey).toBe(clean.dedupeKey);
    expect(event.platformIds).toEqual(clean.platformIds);
    expect(eventWithoutNul(clean)).toBe(clean);
  });
});

describe('smartlead', () => {
  it('reads a reply: lead, names, domain, the reply text, ids and the stats_id key', () => {
    const event = normaliseFixture('smartlead.email-reply');
    expect(event.lead).toMatchObject({
      email: 'jane.doe@northwind.example',
      firstName: 'Jane',
      lastName: 'Doe',
      fullName: 'Jane Doe',
      companyDomain: 'northwind.example',
    });
    expect(event.sender.email).toBe('sam.admin@crm-sync-sandbox.com');
    expect(event.campaign).toEqual({ id: '1482093', name: 'Q1 Northwind outreach' });
    expect(event.message).toMatchObject({
      subject: 'Outbound data at Northwind',
      text: 'Hi Sam, Tuesday at 10am works. Send an invite.',
      sequenceStep: 1,
    });
    expect(event.platformIds).toMatchObject({
      stats_id: '6a0f3c1e-2b4d-4c8e-9f10-3d5a7b9c1e23',
      sl_email_lead_id: '2093311874',
    });
    expect(event.dedupeKey).toBe('smartlead:6a0f3c1e-2b4d-4c8e-9f10-3d5a7b9c1e23:EMAIL_REPLY');
    expect(event.occurredAt).toBe('2026-03-02T14:30:00.000Z');
  });

  it('reads a category change with the lead data and hashes the body for its key', () => {
    const event = normaliseFixture('smartlead.lead-category-updated');
    expect(event.category).toEqual({
      oldId: '789',
      oldName: 'Follow Up Later',
      newId: '1',
      newName: 'Interested',
    });
    expect(event.lead).toMatchObject({
      companyName: 'Northwind',
      companyDomain: 'northwind.example',
      profileUrl: 'https://www.linkedin.com/in/jane-doe-1',
    });
    expect(event.dedupeKey).toMatch(/^smartlead:body:[0-9a-f]{32}$/);
  });

  it('reads the link of a click and the first of several', () => {
    expect(normaliseFixture('smartlead.email-link-click').message.linkUrl).toBe(
      'https://crm-sync-sandbox.com/case-studies/northwind',
    );
  });

  it('accepts the nested {event, lead} shape', () => {
    const event = eventOf(
      normaliseSmartlead({
        event: 'EMAIL_REPLIED',
        timestamp: '2024-01-15T10:30:00Z',
        campaign_id: 123,
        campaign_name: 'Cold Outreach Q1',
        lead_id: 789,
        email_account_id: 456,
        lead: {
          email: 'lead@example.com',
          first_name: 'Jane',
          last_name: 'Doe',
          company_name: 'Acme Corp',
          custom_fields: { job_title: 'CEO' },
        },
        sequence_number: 1,
        email: { subject: 'Quick question', message_id: 'abc123@smartlead.ai' },
        reply: { subject: 'Re: Quick question', body: 'Thanks, interested.' },
      }),
    );
    expect(event).toMatchObject({
      eventType: 'EMAIL_REPLY',
      platformEventType: 'EMAIL_REPLIED',
      occurredAt: '2024-01-15T10:30:00.000Z',
      dedupeKey: 'smartlead:abc123@smartlead.ai:EMAIL_REPLIED',
    });
    expect(event.lead).toMatchObject({
      email: 'lead@example.com',
      companyName: 'Acme Corp',
      companyDomain: 'example.com',
    });
    expect(event.message).toMatchObject({
      subject: 'Re: Quick question',
      text: 'Thanks, interested.',
    });
  });

  it('takes an untracked reply’s lead from its sender', () => {
    const event = eventOf(
      normaliseSmartlead({
        event_type: 'UNTRACKED_REPLIES',
        event_timestamp: '2024-04-17T05:24:33.353Z',
        sender_detail: 'Sunita Soy <sunita@acme.example>',
        subject: 'Hi',
        reply_message: { text: 'Hi', html: '' },
      }),
    );
    expect(event).toMatchObject({
      eventType: 'EMAIL_REPLY',
      lead: { email: 'sunita@acme.example', companyDomain: 'acme.example' },
      message: { text: 'Hi', html: null },
    });
  });
});

describe('instantly', () => {
  it('makes a lead status a category change named after it', () => {
    expect(normaliseFixture('instantly.lead-meeting-booked').category).toEqual({
      oldId: null,
      oldName: null,
      newId: null,
      newName: 'Meeting Booked',
    });
  });

  it('keeps a custom label as its own text', () => {
    const event = normaliseFixture('instantly.custom-label');
    expect(event).toMatchObject({
      eventType: 'LEAD_CATEGORY_UPDATED',
      platformEventType: 'Nurture in Q3',
      category: { newName: 'Nurture in Q3' },
    });
  });

  it('reads a reply’s own subject and text, the lead fields and the sending account', () => {
    const event = normaliseFixture('instantly.reply-received');
    expect(event.message).toMatchObject({
      subject: 'Re: Pipeline hygiene at Contoso',
      text: 'Thanks Sam, happy to talk. Thursday afternoon?\n\nMaria',
      sequenceStep: 1,
      automated: false,
    });
    expect(event.lead).toMatchObject({
      email: 'maria.lopez@contoso.example',
      firstName: 'Maria',
      lastName: 'Lopez',
      companyName: 'Contoso',
      companyDomain: 'contoso.example',
      title: 'VP Sales',
    });
    expect(event.sender.email).toBe('sam@outreach.crm-sync-sandbox.com');
  });

  it('maps the events outside §9 to no type and accepts email_link_clicked', () => {
    const base = {
      timestamp: '2026-03-02T14:30:00.000Z',
      campaign_id: 'c',
      campaign_name: 'C',
      workspace: 'w',
    };
    expect(
      eventOf(normaliseEvent('instantly', { ...base, event_type: 'campaign_completed' })).eventType,
    ).toBeNull();
    expect(
      eventOf(
        normaliseEvent('instantly', {
          ...base,
          event_type: 'email_link_clicked',
          lead_email: 'a@b.example',
        }),
      ).eventType,
    ).toBe('EMAIL_LINK_CLICK');
    expect(
      eventOf(
        normaliseEvent('instantly', {
          ...base,
          event_type: 'auto_reply_received',
          lead_email: 'a@b.example',
        }),
      ).message.automated,
    ).toBe(true);
  });
});

describe('bison', () => {
  it('reads a reply from the envelope and keys it on the campaign event id', () => {
    const event = normaliseFixture('bison.lead-replied');
    expect(event).toMatchObject({
      platformEventType: 'LEAD_REPLIED',
      dedupeKey: 'bison:LEAD_REPLIED:event:5520402',
      occurredAt: '2026-03-02T14:30:00.000Z',
    });
    expect(event.lead).toMatchObject({
      email: 'david.chen@fabrikam.example',
      firstName: 'David',
      companyName: 'Fabrikam',
      companyDomain: 'fabrikam.example',
      title: 'Head of Revenue Operations',
    });
    expect(event.message).toMatchObject({
      subject: 'Re: Fabrikam and your CRM',
      text: 'Hi Sam, yes. Can you show me on Friday?',
      sequenceStep: 1,
      automated: false,
    });
    expect(event.sender).toMatchObject({
      email: 'sam@outreach.crm-sync-sandbox.com',
      name: 'Sam Admin',
    });
  });

  it('flags the automated reply and makes interest a category', () => {
    expect(normaliseFixture('bison.lead-replied-automated').message.automated).toBe(true);
    expect(normaliseFixture('bison.lead-interested').category?.newName).toBe('Interested');
  });

  it('reads a sent email from the scheduled email', () => {
    expect(normaliseFixture('bison.email-sent').message).toMatchObject({
      subject: 'Fabrikam and your CRM',
      html: expect.stringContaining('Hi David'),
    });
  });

  it('accepts a lower_snake type and refuses an unknown one', () => {
    const fixture = fixtureById('bison.email-opened')!;
    const payload = { ...fixture.payload, event: { type: 'email_opened' } };
    expect(eventOf(normaliseEvent('bison', payload)).eventType).toBe('EMAIL_OPEN');
    expect(
      normaliseEvent('bison', { ...fixture.payload, event: { type: 'LEAD_TELEPORTED' } }),
    ).toEqual({
      ok: false,
      problem: {
        kind: 'unknown-event',
        platform: 'bison',
        message: 'Unknown EmailBison event type "LEAD_TELEPORTED"',
        issues: [],
      },
    });
  });
});

describe('heyreach', () => {
  it('reads the lead profile, the last reply and the correlation key', () => {
    const event = normaliseFixture('heyreach.inmail-reply-received');
    expect(event.lead).toMatchObject({
      profileUrl: 'https://www.linkedin.com/in/priya-patel-7',
      email: 'priya.patel@tailspin.example',
      fullName: 'Priya Patel',
      companyName: 'Tailspin',
      companyDomain: 'tailspin.example',
      title: 'Founder & CEO',
    });
    expect(event.message.text).toBe('Hi Sam, mostly by hand. Happy to compare notes next week.');
    expect(event.platformIds).toMatchObject({
      correlation_id: 'c0a8012e-1f3b-4d5c-8e9f-000000000006',
      conversation_id: expect.any(String),
    });
    expect(event.dedupeKey).toBe(
      'heyreach:c0a8012e-1f3b-4d5c-8e9f-000000000006:inmail_reply_received',
    );
    expect(event.sender.profileUrl).toBe('https://www.linkedin.com/in/sam-admin-crm-sync');
  });

  it('turns tags into the category and keeps them on the lead', () => {
    const event = normaliseFixture('heyreach.lead-tag-updated');
    expect(event.lead.tags).toEqual(['Founder', 'Interested']);
    expect(event.category?.newName).toBe('Founder, Interested');
  });

  it('hashes a body without a correlation id', () => {
    const { correlation_id: _dropped, ...payload } = fixtureById('heyreach.follow-sent')!
      .payload as Record<string, unknown>;
    expect(eventOf(normaliseEvent('heyreach', payload)).dedupeKey).toMatch(
      /^heyreach:body:[0-9a-f]{32}$/,
    );
  });
});

describe('malformed bodies give a typed problem, never a throw', () => {
  const bodies: unknown[] = [
    null,
    undefined,
    42,
    'text',
    [],
    [{ event_type: 'EMAIL_SENT' }],
    {},
    { event_type: 7 },
    { event: 'x' },
    { event: { type: 'EMAIL_SENT' } },
    { event_type: '' },
  ];

  it.each(['smartlead', 'instantly', 'bison', 'heyreach'] as const)('%s', (platform) => {
    for (const body of bodies) {
      const result = normaliseEvent(platform, body);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.problem.platform).toBe(platform);
        expect(['not-an-object', 'unknown-shape', 'unknown-event', 'invalid-fields']).toContain(
          result.problem.kind,
        );
        expect(result.problem.message.length).toBeGreaterThan(0);
      }
    }
  });

  it('names the fields that do not fit', () => {
    const result = normaliseEvent('instantly', {
      event_type: 'email_sent',
      timestamp: 5,
      campaign_id: { nested: true },
    });
    expect(result).toMatchObject({
      ok: false,
      problem: { kind: 'invalid-fields', message: 'The body is not a Instantly webhook event' },
    });
    if (!result.ok) expect(result.problem.issues.join('\n')).toMatch(/timestamp/);
  });

  it('says what a non-object is', () => {
    expect(normaliseEvent('smartlead', [])).toEqual({
      ok: false,
      problem: {
        kind: 'not-an-object',
        platform: 'smartlead',
        message: 'A smartlead webhook body must be a JSON object',
        issues: [],
      },
    });
    expect(normaliseEvent('smartlead', { hello: 'world' })).toMatchObject({
      ok: false,
      problem: { kind: 'unknown-shape' },
    });
    expect(
      normaliseEvent('heyreach', {
        ...fixtureById('heyreach.follow-sent')!.payload,
        event_type: 'teleported',
      }),
    ).toMatchObject({ ok: false, problem: { kind: 'unknown-event' } });
  });
});

describe('os_objectlookup_id (the alternative-property lookup value)', () => {
  const lookupOf = (
    platform: Parameters<typeof normaliseEvent>[0],
    payload: Record<string, unknown>,
  ) => {
    const result = normaliseEvent(platform, payload);
    if (!result.ok) throw new Error(result.problem.message);
    return result.event.lead.objectLookupId;
  };
  const base = (id: string) => fixtureById(id)!.payload as Record<string, unknown>;

  it('is null when the payload carries none', () => {
    for (const fixture of Object.values(eventFixtures).flat())
      expect(lookupOf(fixture.platform, { ...fixture.payload })).toBeNull();
  });

  it('is read from the body, the lead, its custom fields or custom variables', () => {
    expect(
      lookupOf('instantly', { ...base('instantly.email-sent'), os_objectlookup_id: 'EXT-1' }),
    ).toBe('EXT-1');
    const smartlead = base('smartlead.lead-category-updated');
    expect(
      lookupOf('smartlead', {
        ...smartlead,
        lead_data: {
          ...(smartlead.lead_data as object),
          custom_fields: { os_objectlookup_id: 42 },
        },
      }),
    ).toBe('42');
    const heyreach = base('heyreach.message-sent');
    expect(
      lookupOf('heyreach', {
        ...heyreach,
        lead: {
          ...(heyreach.lead as object),
          customUserFields: [{ name: 'os_objectlookup_id', value: 'HR-9' }],
        },
      }),
    ).toBe('HR-9');
    const bison = base('bison.email-sent');
    const data = bison.data as { lead: object };
    expect(
      lookupOf('bison', {
        ...bison,
        data: {
          ...data,
          lead: {
            ...data.lead,
            custom_variables: [{ name: 'os_objectlookup_id', value: ' B-7 ' }],
          },
        },
      }),
    ).toBe('B-7');
  });
});
