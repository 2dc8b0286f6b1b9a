import { checkSalesforceSettings, withHttps } from './salesforce-settings';

const values = { domain: 'acme.my.salesforce.com', consumer_key: 'key', consumer_secret: 'secret' };

describe('SALESFORCE settings create (spec §5)', () => {
  it('says "Domain is required" for a blank domain', () => {
    expect(checkSalesforceSettings({ ...values, domain: '   ' })).toEqual({ ok: false, field: 'domain', message: 'Domain is required' });
  });
  it('says "Consumer key is required" for a blank key', () => {
    expect(checkSalesforceSettings({ ...values, consumer_key: '' })).toEqual({ ok: false, field: 'consumer_key', message: 'Consumer key is required' });
  });
  it('says "Consumer secret is required" for a blank secret', () => {
    expect(checkSalesforceSettings({ ...values, consumer_secret: ' \t' })).toEqual({ ok: false, field: 'consumer_secret', message: 'Consumer secret is required' });
  });
  it('checks in the order domain, key, secret', () => {
    expect(checkSalesforceSettings({ domain: '', consumer_key: '', consumer_secret: '' })).toMatchObject({ message: 'Domain is required' });
    expect(checkSalesforceSettings({ ...values, consumer_key: '', consumer_secret: '' })).toMatchObject({ message: 'Consumer key is required' });
  });
  it('trims the values and adds https:// to the domain', () => {
    expect(checkSalesforceSettings({ domain: '  acme.my.salesforce.com ', consumer_key: ' key ', consumer_secret: ' secret ' })).toEqual({
      ok: true,
      body: { domain: 'https://acme.my.salesforce.com', consumer_key: 'key', consumer_secret: 'secret' },
    });
  });
  it('keeps a domain that already starts with https://', () => {
    expect(withHttps('https://acme.my.salesforce.com')).toBe('https://acme.my.salesforce.com');
    expect(checkSalesforceSettings({ ...values, domain: ' https://acme.my.salesforce.com' })).toMatchObject({ body: { domain: 'https://acme.my.salesforce.com' } });
  });
  it('adds the prefix to any domain not starting with https://', () => {
    expect(withHttps('acme.my.salesforce.com')).toBe('https://acme.my.salesforce.com');
  });
});
