import { eventFixtures, fixtureById, type EventFixture } from './fixtures/index.js';
import { normaliseEvent } from './normalise/index.js';
import {
  emptyTestRecipient,
  templateRecipient,
  testEventPayload,
  type TestRecipient,
} from './test-template.js';

const now = new Date('2026-07-01T08:00:00.000Z');
const fixture = (id: string): EventFixture => {
  const found = fixtureById(id);
  if (!found) throw new Error(`no fixture ${id}`);
  return found;
};
/** What the receiver reads from the filled template. */
const leadOf = (template: EventFixture, recipient: Partial<TestRecipient>) => {
  const result = normaliseEvent(
    template.platform,
    testEventPayload(template, { ...emptyTestRecipient, ...recipient }, now),
  );
  if (!result.ok) throw new Error(result.problem.message);
  return result.event;
};

describe('Send Test Webhook templates (spec §9)', () => {
  it('refresh every template to now and keep its lead when the recipient is blank', () => {
    for (const template of Object.values(eventFixtures).flat()) {
      const event = leadOf(template, {});
      // bison's unsubscribe carries no event time of its own: its lead's updated_at is the moment
      expect({
        id: template.id,
        occurredAt: event.occurredAt ?? 'none',
        hasNow: JSON.stringify(testEventPayload(template, emptyTestRecipient, now)).includes(
          now.toISOString(),
        ),
      }).toEqual({
        id: template.id,
        occurredAt: template.id === 'bison.lead-unsubscribed' ? 'none' : now.toISOString(),
        hasNow: true,
      });
      expect(event.lead.objectLookupId).toBeNull();
    }
    expect(leadOf(fixture('smartlead.email-reply'), {}).lead).toMatchObject({
      email: 'jane.doe@northwind.example',
      fullName: 'Jane Doe',
    });
  });

  it('never change the fixture itself', () => {
    const template = fixture('bison.lead-replied');
    const before = JSON.stringify(template.payload);
    testEventPayload(
      template,
      { name: 'Ada Lovelace', email: 'ada@engines.example', objectLookupId: '42', tags: '' },
      now,
    );
    expect(JSON.stringify(template.payload)).toBe(before);
  });

  it("smartlead: webhook_url names the webhook the test is posted to, not the sample's", () => {
    const url = 'https://crm-sync.example/webhooks/a1b2c3';
    expect(
      testEventPayload(fixture('smartlead.email-sent'), emptyTestRecipient, now, url).webhook_url,
    ).toBe(url);
    expect(
      testEventPayload(fixture('smartlead.email-sent'), emptyTestRecipient, now).webhook_url,
    ).toBe('http://localhost:8080/webhooks/sample-code');
    expect(
      testEventPayload(fixture('instantly.email-sent'), emptyTestRecipient, now, url),
    ).not.toHaveProperty('webhook_url');
  });

  it('smartlead: to_name, to_email, the reply correspondence and the lead data; os_objectlookup_id with variable tokens', () => {
    const reply = testEventPayload(
      fixture('smartlead.email-reply'),
      {
        name: 'Ada Lovelace',
        email: 'ada@engines.example',
        objectLookupId: 'crm-{{email}}',
        tags: '',
      },
      now,
    );
    expect(reply).toMatchObject({
      to_name: 'Ada Lovelace',
      to_email: 'ada@engines.example',
      sl_lead_email: 'ada@engines.example',
      event_timestamp: now.toISOString(),
      os_objectlookup_id: 'crm-ada@engines.example',
      leadCorrespondence: {
        targetLeadEmail: 'ada@engines.example',
        replyReceivedFrom: 'ada@engines.example',
        repliedCompanyDomain: 'engines.example',
      },
    });
    const category = leadOf(fixture('smartlead.lead-category-updated'), {
      name: 'Ada Lovelace',
      email: 'ada@engines.example',
      objectLookupId: '{{first_name}}-7',
    });
    expect(category.lead).toMatchObject({
      email: 'ada@engines.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      objectLookupId: 'Ada-7',
    });
  });

  it('greets the recipient in the sample messages instead of the template lead (issue 56: "Hi Jane")', () => {
    const sent = JSON.stringify(
      testEventPayload(
        fixture('smartlead.email-reply'),
        { ...emptyTestRecipient, name: 'Ada Lovelace' },
        now,
      ),
    );
    expect(sent).toContain('Hi Ada,');
    expect(sent).not.toContain('Hi Jane');
    const unchanged = JSON.stringify(
      testEventPayload(fixture('smartlead.email-reply'), emptyTestRecipient, now),
    );
    expect(unchanged).toContain('Hi Jane,');
  });

  it('instantly: lead_email, first and last name, os_objectlookup_id as an extra lead key', () => {
    const event = leadOf(fixture('instantly.reply-received'), {
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      objectLookupId: '{{last_name}}',
    });
    expect(event.lead).toMatchObject({
      email: 'grace@navy.example',
      firstName: 'Grace',
      lastName: 'Hopper',
      objectLookupId: 'Hopper',
    });
  });

  it('bison: the lead, the reply from the lead, and os_objectlookup_id in custom_variables', () => {
    const template = fixture('bison.lead-replied');
    const payload = testEventPayload(
      template,
      { name: 'Alan Turing', email: 'alan@bletchley.example', objectLookupId: '00Q5', tags: '' },
      now,
    ) as {
      data: { reply: { from_email_address: string; from_name: string } };
    };
    expect(payload.data.reply).toMatchObject({
      from_email_address: 'alan@bletchley.example',
      from_name: 'Alan Turing',
    });
    expect(
      leadOf(template, {
        name: 'Alan Turing',
        email: 'alan@bletchley.example',
        objectLookupId: '00Q5',
      }).lead,
    ).toMatchObject({
      email: 'alan@bletchley.example',
      firstName: 'Alan',
      lastName: 'Turing',
      objectLookupId: '00Q5',
    });
    const manual = testEventPayload(
      fixture('bison.manual-email-sent'),
      { ...emptyTestRecipient, email: 'alan@bletchley.example' },
      now,
    ) as { data: { reply: { to: { address: string }[] } } };
    expect(manual.data.reply.to[0]?.address).toBe('alan@bletchley.example');
  });

  it('heyreach: the profile URL instead of an email, the status tags as comma-separated text, tokens in both settings', () => {
    const event = leadOf(fixture('heyreach.lead-tag-updated'), {
      name: 'Priya Shah',
      email: 'https://www.linkedin.com/in/priya-shah',
      objectLookupId: '{{profile_url}}',
      tags: 'Interested, {{event_type}} ,',
    });
    expect(event.lead).toMatchObject({
      profileUrl: 'https://www.linkedin.com/in/priya-shah',
      fullName: 'Priya Shah',
      firstName: 'Priya',
      tags: ['Interested', 'lead_tag_updated'],
      objectLookupId: 'https://www.linkedin.com/in/priya-shah',
    });
    expect(leadOf(fixture('heyreach.follow-sent'), {}).lead.tags).toEqual(['Founder']);
  });

  it('start the recipient fields from the template lead (heyreach: its profile URL)', () => {
    expect(templateRecipient(fixture('smartlead.email-sent'))).toEqual({
      name: 'Jane Doe',
      email: 'jane.doe@northwind.example',
      objectLookupId: '',
      tags: '',
    });
    expect(templateRecipient(fixture('heyreach.message-sent'))).toEqual({
      name: 'Priya Patel',
      email: 'https://www.linkedin.com/in/priya-patel-7',
      objectLookupId: '',
      tags: '',
    });
    expect(templateRecipient(fixture('bison.email-sent')).email).toBe(
      'david.chen@fabrikam.example',
    );
    expect(templateRecipient(fixture('instantly.email-sent')).name).toBe('Maria Lopez');
  });

  it('leave unknown tokens as typed', () => {
    expect(
      testEventPayload(
        fixture('instantly.email-sent'),
        { ...emptyTestRecipient, objectLookupId: '{{nope}}-{{ name }}' },
        now,
      ).os_objectlookup_id,
    ).toBe('{{nope}}-Maria Lopez');
  });
});
