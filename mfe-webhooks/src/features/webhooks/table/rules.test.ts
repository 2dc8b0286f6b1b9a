import { testUsers } from 'shared/testing';
import {
  categoryBadge,
  deleteQuestion,
  lastEventOutcome,
  lastEventSummary,
  mayChangeWebhook,
  ownerHoverDetails,
  ownerName,
  platformRegistrationLine,
  profileInfo,
  registerAgainQuestion,
  registerAgainWarning,
  isRegisteredOnPlatform,
  registerOnPlatformLabel,
  webhookDeletedToast,
  webhookLogsPath,
  webhookTags,
} from './rules';
import { salesforceProfile, webhookRow } from './test-data';

const UTC = 'UTC';

describe('webhook table rules', () => {
  it('names the owner and lists the hover details in the spec order', () => {
    const webhook = webhookRow(12);
    expect(ownerName(webhook)).toBe('Olive Owner');
    expect(ownerHoverDetails(webhook, UTC)).toEqual([
      ['ID', '12'],
      ['Hub ID', '4411'],
      ['Domain', 'acme.hubspot.test'],
      ['Added by', 'user@example.com'],
      ['Created date', 'Mar 7, 2024, 09:05 AM'],
      ['Profile hub ID', '4411'],
      ['Owner ID', '101'],
      ['Owner email', 'olive@acme.test'],
    ]);
    expect(ownerHoverDetails(webhookRow(1, { user: salesforceProfile }), UTC)[2]).toEqual([
      'Domain',
      'https://acme.my.salesforce.com',
    ]);
  });

  it('shows the profile, the platform and the lookup method; for SALESFORCE also the log type and the object', () => {
    expect(
      profileInfo(
        webhookRow(1, {
          emailService: 'heyreach',
          objectLookupMethod: 'optional_alternative_property',
        }),
      ),
    ).toEqual(['HUBSPOT - owner@acme.test', 'HeyReach', 'Optional Alternative Property']);
    expect(
      profileInfo(
        webhookRow(1, {
          user: salesforceProfile,
          emailService: 'instantly',
          logType: 1,
          salesforceObjectType: 'Lead',
          objectLookupMethod: null,
        }),
      ),
    ).toEqual(['SALESFORCE - sf@acme.test', 'Instantly', 'Task Object', 'Lead']);
    expect(
      profileInfo(
        webhookRow(1, {
          user: salesforceProfile,
          logType: 0,
          salesforceObjectType: 'Contact',
          objectLookupMethod: 'alternative_property',
        }),
      ),
    ).toEqual([
      'SALESFORCE - sf@acme.test',
      'Smartlead',
      'Email Object',
      'Contact',
      'Alternative Property',
    ]);
  });

  it('tags a HUBSPOT webhook with each behaviour turned on, in the spec order', () => {
    expect(webhookTags(webhookRow(1))).toEqual([]);
    expect(
      webhookTags(
        webhookRow(1, {
          createOrUpdateCompany: true,
          assignCompanyOwner: true,
          assignContactOwner: true,
          createOrUpdateTask: true,
          createContactCustomProperties: true,
        }),
      ),
    ).toEqual([
      'Create or update company',
      'Assign company owner',
      'Assign contact owner',
      'Create task',
      'Custom contact properties',
    ]);
    expect(
      webhookTags(webhookRow(1, { assignContactOwner: true, salesforceOnlyUpdate: true })),
    ).toEqual(['Assign contact owner']);
    expect(webhookTags(webhookRow(1, { hasSmartleadSecretKey: true }))).toEqual([
      'Secret key required',
    ]);
    expect(
      webhookTags(webhookRow(1, { user: salesforceProfile, hasSmartleadSecretKey: true })),
    ).toEqual(['Upsert', 'Secret key required']);
  });

  it('tags a SALESFORCE webhook "Custom {object} fields" per selected object, then Update Only or Upsert', () => {
    const salesforce = { user: salesforceProfile, createOrUpdateCompany: true };
    expect(
      webhookTags(
        webhookRow(1, {
          ...salesforce,
          createContactCustomProperties: true,
          salesforceCustomFieldObjects: ['Lead', 'Contact'],
          salesforceOnlyUpdate: true,
        }),
      ),
    ).toEqual(['Custom Lead fields', 'Custom Contact fields', 'Update Only']);
    expect(
      webhookTags(webhookRow(1, { ...salesforce, salesforceCustomFieldObjects: ['Lead'] })),
    ).toEqual(['Upsert']);
  });

  it('labels a category "ID: {id} - {name}"', () => {
    expect(categoryBadge({ id: 3, name: 'Interested' })).toBe('ID: 3 - Interested');
    expect(categoryBadge({ id: 'lead_interested', name: 'Interested' })).toBe(
      'ID: lead_interested - Interested',
    );
  });

  it('lets everyone change their own webhooks, and only admins those of "All webhooks"', () => {
    const mine = webhookRow(1);
    expect(mayChangeWebhook(mine, 'own', testUsers.user)).toBe(true);
    expect(mayChangeWebhook(mine, 'all', testUsers.manager)).toBe(false);
    expect(mayChangeWebhook(mine, 'all', testUsers.admin)).toBe(true);
    expect(mayChangeWebhook(webhookRow(2, { canManage: false }), 'own', testUsers.admin)).toBe(
      false,
    );
  });

  it('asks "Do you want to delete {owner}\'s webhook?" and says "Deleted {first} {last}\'s webhook."', () => {
    expect(deleteQuestion(webhookRow(1))).toBe("Do you want to delete Olive Owner's webhook?");
    expect(
      webhookDeletedToast({
        id: 1,
        ownerDetails: { firstName: 'Olive', lastName: 'Owner', email: 'olive@acme.test' },
      }),
    ).toEqual({
      severity: 'success',
      summary: 'Success',
      detail: "Deleted Olive Owner's webhook.",
      life: 3000,
    });
  });

  it("tells when the newest event came and what became of it, and links to the webhook's logs", () => {
    expect(lastEventSummary(null)).toEqual({ text: 'No events yet', outcome: null, status: null });
    expect(
      lastEventSummary(
        { id: 9, receivedAt: '2024-03-07T09:05:00.000Z', state: 'processed', isTest: false },
        UTC,
      ),
    ).toEqual({
      text: 'Mar 7, 2024, 09:05 AM',
      outcome: 'success',
      status: 'Success',
    });
    expect(
      lastEventSummary(
        { id: 9, receivedAt: '2024-03-07T09:05:00.000Z', state: 'failed', isTest: true },
        UTC,
      ),
    ).toEqual({
      text: 'Mar 7, 2024, 09:05 AM (test)',
      outcome: 'error',
      status: 'Error',
    });
    expect((['refused', 'invalid', 'expired'] as const).map(lastEventOutcome)).toEqual([
      'error',
      'error',
      'error',
    ]);
    expect((['queued', 'waiting', 'held'] as const).map(lastEventOutcome)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect(webhookLogsPath(12)).toBe('/history/webhook-logs?webhookId=12');
  });
});

describe('Register on {platform}', () => {
  const registered = webhookRow(4, {
    emailService: 'heyreach',
    platformRegistration: {
      registeredAt: '2024-03-07T09:05:00.000Z',
      platformWebhookIds: ['1', '2'],
    },
  });

  it('offers "Register on {platform}" until the webhook is registered, then "Register again on {platform}"', () => {
    expect(registerOnPlatformLabel(webhookRow(1, { emailService: 'bison' }))).toBe(
      'Register on EmailBison',
    );
    expect(registerOnPlatformLabel(registered)).toBe('Register again on HeyReach');
    expect([isRegisteredOnPlatform(webhookRow(1)), isRegisteredOnPlatform(registered)]).toEqual([
      false,
      true,
    ]);
  });

  it('says where and when it was registered, and why registering again is asked first', () => {
    expect(platformRegistrationLine(webhookRow(1), UTC)).toBeNull();
    expect(platformRegistrationLine(registered, UTC)).toBe(
      'Registered on HeyReach, Mar 7, 2024, 09:05 AM',
    );
    expect(registerAgainQuestion(registered)).toBe('Register webhook 4 on HeyReach again?');
    expect(registerAgainWarning(registered, UTC)).toBe(
      'It was registered on HeyReach on Mar 7, 2024, 09:05 AM. Register it again only if its webhook was deleted on HeyReach: otherwise HeyReach sends every event twice.',
    );
  });
});
