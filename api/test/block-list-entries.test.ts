import {
  entriesOf,
  normalizeDomain,
  normalizeEmail,
  normalizeProfileUrl,
  type CrmMember,
  type EntryRules,
} from '../src/block-list-sync/entries.js';

const member = (recordId: string, values: Record<string, string | null>): CrmMember => ({
  recordId,
  values,
});
const rules = (change: Partial<EntryRules> = {}): EntryRules => ({
  platform: 'smartlead',
  blockType: 'ADDRESS',
  useDomainForNonLatin: false,
  fields: ['email'],
  ...change,
});

describe('block-list entries from CRM members', () => {
  it('ADDRESS blocks the email lowercased and trimmed, each once', () => {
    const result = entriesOf(
      [
        member('1', { email: '  Jane.Doe@Acme.Example ' }),
        member('2', { email: 'jane.doe@acme.example' }),
      ],
      rules(),
    );
    expect(result.entries).toEqual([{ entry: 'jane.doe@acme.example', recordId: '1' }]);
    expect(result.skipped).toEqual([]);
  });

  it('an invalid or missing email is not synced, with the reason', () => {
    const result = entriesOf(
      [
        member('1', { email: 'not-an-email' }),
        member('2', { email: null }),
        member('3', { email: 'a@b' }),
      ],
      rules(),
    );
    expect(result.entries).toEqual([]);
    expect(result.skipped).toEqual([
      { recordId: '1', value: 'not-an-email', reason: 'Not a valid email address' },
      { recordId: '2', value: null, reason: 'No email address in email' },
      { recordId: '3', value: 'a@b', reason: 'Not a valid email address' },
    ]);
  });

  it('DOMAIN blocks the email’s domain, once for many people of one company', () => {
    const result = entriesOf(
      [
        member('1', { email: 'ann@Acme.example' }),
        member('2', { email: 'bob@acme.example' }),
        member('3', { email: 'cy@other.example' }),
      ],
      rules({ blockType: 'DOMAIN' }),
    );
    expect(result.entries.map((entry) => entry.entry)).toEqual(['acme.example', 'other.example']);
  });

  it('company lists block the company’s domain, or its website’s', () => {
    const fields = ['domain', 'website'];
    const result = entriesOf(
      [
        member('2001', { domain: 'Northwind.example', website: 'https://www.northwind.example' }),
        member('2002', { domain: null, website: 'http://www.contoso.example/about' }),
        member('2003', { domain: null, website: null }),
      ],
      rules({ blockType: 'DOMAIN', fields }),
    );
    expect(result.entries.map((entry) => entry.entry)).toEqual([
      'northwind.example',
      'contoso.example',
    ]);
    expect(result.skipped).toEqual([
      { recordId: '2003', value: null, reason: 'No domain in domain, website' },
    ]);
  });

  it('instantly with useDomainForNonLatin blocks the domain of a non-Latin email (as punycode when the domain is too)', () => {
    const members = [
      member('1', { email: 'josé@acme.example' }),
      member('2', { email: 'anna@bücher.example' }),
      member('3', { email: 'plain@latin.example' }),
    ];
    expect(
      entriesOf(members, rules({ platform: 'instantly', useDomainForNonLatin: true })).entries.map(
        (entry) => entry.entry,
      ),
    ).toEqual(['acme.example', 'xn--bcher-kva.example', 'plain@latin.example']);
  });

  it('instantly without useDomainForNonLatin does not sync a non-Latin email, and says how to', () => {
    const result = entriesOf(
      [member('1', { email: 'josé@acme.example' })],
      rules({ platform: 'instantly' }),
    );
    expect(result.entries).toEqual([]);
    expect(result.skipped[0]!.reason).toBe(
      'Instantly takes only Latin emails: turn on "use the domain for non-Latin emails" to block its domain',
    );
  });

  it('other platforms take a non-Latin email as it is', () => {
    expect(
      entriesOf(
        [member('1', { email: 'josé@acme.example' })],
        rules({ platform: 'smartlead', useDomainForNonLatin: true }),
      ).entries[0]!.entry,
    ).toBe('josé@acme.example');
  });

  it('heyreach takes the first profile URL field with a LinkedIn profile, normalized, with the lead’s name', () => {
    const result = entriesOf(
      [
        member('1', {
          hs_linkedin_url: null,
          linkedin: 'http://www.LinkedIn.com/in/Jane-Doe/?trk=x',
          firstname: 'Jane',
          lastname: 'Doe',
        }),
        member('2', { hs_linkedin_url: 'https://example.com/jane', linkedin: null }),
        member('3', { hs_linkedin_url: null, linkedin: null }),
      ],
      rules({ platform: 'heyreach', fields: ['hs_linkedin_url', 'linkedin'] }),
    );
    expect(result.entries).toEqual([
      {
        entry: 'https://www.linkedin.com/in/jane-doe',
        recordId: '1',
        lead: { firstName: 'Jane', lastName: 'Doe' },
      },
    ]);
    expect(result.skipped).toEqual([
      { recordId: '2', value: 'https://example.com/jane', reason: 'Not a LinkedIn profile URL' },
      {
        recordId: '3',
        value: null,
        reason: 'No LinkedIn profile URL in hs_linkedin_url, linkedin',
      },
    ]);
  });

  it('Salesforce fields: every field’s value counts, a member is not synced only when none gives an entry', () => {
    const result = entriesOf(
      [
        member('a', { Email: 'x@acme.example', Website: 'acme.example' }),
        member('b', { Email: 'broken', Website: 'fine.example' }),
      ],
      rules({ fields: ['Email', 'Website'] }),
    );
    expect(result.entries.map((entry) => entry.entry)).toEqual(['x@acme.example']);
    expect(result.skipped).toEqual([
      { recordId: 'b', value: 'broken', reason: 'Not a valid email address' },
    ]);
  });

  it('normalizers', () => {
    expect(normalizeEmail(' A@B.CO ')).toBe('a@b.co');
    expect(normalizeEmail('a b@c.co')).toBeNull();
    expect(normalizeDomain('https://WWW.Acme.example:8080/x')).toBe('acme.example');
    expect(normalizeDomain('localhost')).toBeNull();
    expect(normalizeProfileUrl('linkedin.com/in/abc')).toBe('https://linkedin.com/in/abc');
    expect(normalizeProfileUrl('https://twitter.com/abc')).toBeNull();
  });
});
