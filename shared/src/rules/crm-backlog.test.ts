import {
  backlogAttentionLabel,
  backlogLine,
  backlogNeedsAttention,
  drainPerMinute,
  minutesToDrain,
} from './crm-backlog';

const hubspot = { userProfileId: 1, crm: 'HUBSPOT' as const, waiting: 18000, minutes: 27 };
const salesforce = { userProfileId: 2, crm: 'SALESFORCE' as const, waiting: 1, minutes: 1 };

describe('the CRM backlog (issue 55)', () => {
  it("says how many events wait for which CRM's rate limit and about how long", () => {
    expect(backlogLine(hubspot)).toBe(
      "18000 events waiting for HubSpot's rate limit — about 27 min",
    );
    expect(backlogLine(salesforce)).toBe(
      "1 event waiting for Salesforce's rate limit — about 1 min",
    );
  });

  it('needs attention once a wait passes 5 minutes, naming the longest', () => {
    expect(backlogNeedsAttention([salesforce, { ...hubspot, minutes: 5 }])).toBe(false);
    expect(backlogNeedsAttention([salesforce, { ...hubspot, minutes: 6 }])).toBe(true);
    expect(backlogAttentionLabel([salesforce, hubspot])).toBe('HubSpot backlog: about 27 min');
  });

  it('measures the drain between two looks, counting the events that arrived meanwhile', () => {
    expect(drainPerMinute({ at: 0, waiting: 1000 }, { at: 30_000, waiting: 900 }, 200)).toBe(600);
    expect(drainPerMinute({ at: 0, waiting: 1000 }, { at: 30_000, waiting: 1200 }, 200)).toBeNull();
    expect(minutesToDrain(18000, 660)).toBe(28);
    expect(minutesToDrain(3, 660)).toBe(1);
  });
});
