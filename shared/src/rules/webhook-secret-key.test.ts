import { emptyHubspotWebhookForm, hubspotWebhookCreateForm } from './webhook-hubspot-form';
import { emptySalesforceWebhookForm, salesforceWebhookForm } from './webhook-salesforce-form';
import {
  asksSecretKey,
  secretKeyEditOf,
  secretKeyPayload,
  secretKeyStatus,
  type SecretKeyEdit,
} from './webhook-secret-key';

const edit = (change: Partial<SecretKeyEdit> = {}): SecretKeyEdit => ({
  ...secretKeyEditOf(false),
  ...change,
});

describe('the Smartlead secret key of a webhook form', () => {
  it('is asked of Smartlead webhooks only', () => {
    expect(asksSecretKey('smartlead')).toBe(true);
    for (const platform of ['instantly', 'bison', 'heyreach', null] as const)
      expect(asksSecretKey(platform)).toBe(false);
  });

  it('says whether a key is set, typed or to be removed', () => {
    expect(secretKeyStatus(secretKeyEditOf(false))).toBe('none');
    expect(secretKeyStatus(secretKeyEditOf(true))).toBe('set');
    expect(secretKeyStatus(edit({ stored: true, cleared: true }))).toBe('removed');
    expect(secretKeyStatus(edit({ stored: true, typed: '  ' }))).toBe('set');
    expect(secretKeyStatus(edit({ stored: true, cleared: true, typed: 'k' }))).toBe('new');
    expect(secretKeyStatus(edit({ typed: 'k' }))).toBe('new');
  });

  it('sends a new key trimmed, null to remove the stored one, and nothing to keep it', () => {
    expect(secretKeyPayload(edit({ typed: ' sl-key ' }), 'smartlead')).toBe('sl-key');
    expect(secretKeyPayload(edit({ stored: true, cleared: true }), 'smartlead')).toBeNull();
    expect(secretKeyPayload(secretKeyEditOf(true), 'smartlead')).toBeUndefined();
    expect(secretKeyPayload(secretKeyEditOf(false), 'smartlead')).toBeUndefined();
    // another platform has none: the api removes a stored one
    expect(secretKeyPayload(edit({ typed: 'sl-key' }), 'instantly')).toBeUndefined();
  });

  it('goes into the create payloads of both CRMs', () => {
    const hubspot = {
      ...emptyHubspotWebhookForm(7),
      emailService: 'smartlead' as const,
      smartleadSecretKey: edit({ typed: 'sl-key' }),
    };
    expect(hubspotWebhookCreateForm.toPayload(hubspot).smartleadSecretKey).toBe('sl-key');
    const salesforce = {
      ...emptySalesforceWebhookForm(8),
      emailService: 'smartlead' as const,
      smartleadSecretKey: edit({ typed: 'sl-key' }),
    };
    expect(salesforceWebhookForm.toPayload(salesforce).smartleadSecretKey).toBe('sl-key');
    expect(salesforceWebhookForm.apply(salesforce, { kind: 'created' }).smartleadSecretKey).toEqual(
      secretKeyEditOf(false),
    );
  });
});
