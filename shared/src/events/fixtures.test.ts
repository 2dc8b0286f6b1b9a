import { platforms } from '../contract/api-keys.js';
import { FIXTURE_EVENT_TIME, eventFixtures, fixtureById, payloadAt } from './index.js';

describe('event fixtures', () => {
  it('hold the spec §9 template lists, in order', () => {
    expect(eventFixtures.smartlead.map((fixture) => fixture.label)).toEqual([
      'Email Sent',
      'Email Open',
      'Email Reply',
      'Email Link Click',
      'Email Bounce',
      'Lead Category Updated',
      'Lead Unsubscribed',
    ]);
    expect(eventFixtures.bison.map((fixture) => fixture.label)).toEqual([
      'Email Opened',
      'Email Sent',
      'Lead Replied',
      'Lead Unsubscribed',
      'Email Bounced',
      'Lead Interested',
      'Manual Email Sent',
      'Lead Replied (Automated)',
    ]);
    expect(eventFixtures.instantly).toHaveLength(15);
    expect(eventFixtures.instantly.at(-1)?.label).toBe('Custom Label');
    expect(eventFixtures.heyreach.map((fixture) => fixture.label)).toEqual([
      'Connection Request Sent',
      'Connection Request Accepted',
      'Message Sent (Standard)',
      'Message Sent (Premium)',
      'Reply Received (Standard)',
      'Reply Received (Premium)',
      'Follow Sent',
      'Post Liked',
      'Profile Viewed',
      'Lead Tag Updated',
    ]);
  });

  it('have unique ids prefixed with their platform', () => {
    const all = platforms.flatMap((platform) =>
      eventFixtures[platform].map((fixture) => ({ platform, fixture })),
    );
    expect(new Set(all.map(({ fixture }) => fixture.id)).size).toBe(all.length);
    for (const { platform, fixture } of all) {
      expect(fixture.id.startsWith(`${platform}.`)).toBe(true);
      expect(fixture.platform).toBe(platform);
      expect(fixtureById(fixture.id)).toBe(fixture);
    }
    expect(fixtureById('smartlead.nothing')).toBeUndefined();
  });

  it('refresh every timestamp by the same shift, leaving the fixture as it was', () => {
    const fixture = fixtureById('smartlead.lead-category-updated')!;
    const now = new Date('2027-01-10T08:00:00.000Z');
    const payload = payloadAt(fixture, now) as {
      event_timestamp: string;
      history: { time: string }[];
      metadata: { webhook_created_at: string };
    };
    expect(payload.event_timestamp).toBe('2027-01-10T08:00:00.000Z');
    const shift = now.getTime() - Date.parse(FIXTURE_EVENT_TIME);
    expect(payload.history.map((entry) => entry.time)).toEqual([
      new Date(Date.parse('2026-03-02T09:15:00.000Z') + shift).toISOString(),
      new Date(Date.parse('2026-03-02T13:02:00.000Z') + shift).toISOString(),
    ]);
    expect((fixture.payload as { event_timestamp: string }).event_timestamp).toBe(
      FIXTURE_EVENT_TIME,
    );
    expect(payload).not.toBe(fixture.payload);
  });

  it('put each event at the fixture time, so a refresh puts it at "now"', () => {
    const now = new Date('2027-05-01T12:00:00.000Z');
    for (const fixture of Object.values(eventFixtures).flat()) {
      expect(JSON.stringify(payloadAt(fixture, now))).toContain('2027-05-01T12:00:00.000Z');
    }
  });
});
