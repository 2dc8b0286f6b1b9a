import { createSecretBox } from '../src/crypto/secret-box.js';
import { normalizeSalesforceDomain } from '../src/services/salesforce-settings.js';
import { OAUTH_STATE_TTL_MS, readOAuthState, signOAuthState } from '../src/services/oauth-state.js';

/** The sealed state with one bit of its ciphertext changed (a changed last character may change only padding bits). */
function withBodyByteFlipped(sealed: string): string {
  const parts = sealed.split(':');
  const body = Buffer.from(parts[3] ?? '', 'base64url');
  body[0] = (body[0] ?? 0) ^ 1;
  return [...parts.slice(0, 3), body.toString('base64url')].join(':');
}

describe('the signed state of a CRM sign-in', () => {
  const box = createSecretBox('test-key');
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads back what was signed, for HubSpot and Salesforce', () => {
    expect(
      readOAuthState(box, signOAuthState(box, { kind: 'hubspot', userId: 3 }, now), now),
    ).toEqual({ kind: 'hubspot', userId: 3 });
    expect(
      readOAuthState(
        box,
        signOAuthState(box, { kind: 'salesforce', userId: 1, settingsId: 9 }, now),
        now,
      ),
    ).toEqual({ kind: 'salesforce', userId: 1, settingsId: 9 });
  });

  it('is different every time and reveals nothing', () => {
    const a = signOAuthState(box, { kind: 'hubspot', userId: 3 }, now);
    expect(a).not.toBe(signOAuthState(box, { kind: 'hubspot', userId: 3 }, now));
    expect(a).not.toContain('hubspot');
  });

  it('refuses an expired, tampered, foreign-key or missing state', () => {
    const state = signOAuthState(box, { kind: 'hubspot', userId: 3 }, now);
    expect(readOAuthState(box, state, now + OAUTH_STATE_TTL_MS + 1)).toBeUndefined();
    expect(readOAuthState(box, withBodyByteFlipped(state), now)).toBeUndefined();
    expect(readOAuthState(createSecretBox('other-key'), state, now)).toBeUndefined();
    expect(readOAuthState(box, undefined, now)).toBeUndefined();
    expect(readOAuthState(box, box.seal('{"kind":"hubspot"}'), now)).toBeUndefined();
    expect(readOAuthState(box, box.seal('not json'), now)).toBeUndefined();
  });
});

describe('normalizeSalesforceDomain (spec §5: https:// added)', () => {
  it.each([
    ['acme.my.salesforce.com', 'https://acme.my.salesforce.com'],
    [' https://acme.my.salesforce.com/ ', 'https://acme.my.salesforce.com'],
    ['http://acme.my.salesforce.com', 'https://acme.my.salesforce.com'],
    ['HTTPS://Acme.My.Salesforce.com', 'https://acme.my.salesforce.com'],
    [
      'acme--dev.sandbox.my.salesforce.com:8443',
      'https://acme--dev.sandbox.my.salesforce.com:8443',
    ],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeSalesforceDomain(raw)).toBe(expected);
  });

  it.each([
    'acme',
    'acme.my.salesforce.com/services',
    'https://user:pw@acme.example',
    'a b.example',
    'ftp://acme.example',
    'https://acme.example?x=1',
    '',
  ])('refuses %j', (raw) => {
    expect(normalizeSalesforceDomain(raw)).toBeUndefined();
  });
});
