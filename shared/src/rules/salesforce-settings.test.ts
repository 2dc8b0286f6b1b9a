import { emptySalesforceSettings, salesforceSettingsForm, withHttps } from './salesforce-settings';

const { apply, problem, toPayload } = salesforceSettingsForm;
const values = { domain: 'acme.my.salesforce.com', consumer_key: 'key', consumer_secret: 'secret' };

describe('SALESFORCE settings create (spec §5)', () => {
  it('says "Domain is required" for a blank domain', () => {
    expect(problem({ ...values, domain: '   ' })).toEqual({
      field: 'domain',
      message: 'Domain is required',
    });
  });
  it('says "Consumer key is required" for a blank key', () => {
    expect(problem({ ...values, consumer_key: '' })).toEqual({
      field: 'consumer_key',
      message: 'Consumer key is required',
    });
  });
  it('says "Consumer secret is required" for a blank secret', () => {
    expect(problem({ ...values, consumer_secret: ' \t' })).toEqual({
      field: 'consumer_secret',
      message: 'Consumer secret is required',
    });
  });
  it('checks in the order domain, key, secret', () => {
    expect(problem(emptySalesforceSettings)).toMatchObject({ message: 'Domain is required' });
    expect(problem({ ...values, consumer_key: '', consumer_secret: '' })).toMatchObject({
      message: 'Consumer key is required',
    });
    expect(problem(values)).toBeNull();
  });
  it('trims the values and adds https:// to the domain', () => {
    expect(
      toPayload({
        domain: '  acme.my.salesforce.com ',
        consumer_key: ' key ',
        consumer_secret: ' secret ',
      }),
    ).toEqual({
      domain: 'https://acme.my.salesforce.com',
      consumer_key: 'key',
      consumer_secret: 'secret',
    });
  });
  it('keeps a domain that already starts with https://', () => {
    expect(withHttps('https://acme.my.salesforce.com')).toBe('https://acme.my.salesforce.com');
    expect(toPayload({ ...values, domain: ' https://acme.my.salesforce.com' })).toMatchObject({
      domain: 'https://acme.my.salesforce.com',
    });
  });
  it('adds the prefix to any domain not starting with https://', () => {
    expect(withHttps('acme.my.salesforce.com')).toBe('https://acme.my.salesforce.com');
  });
  it('sets a field on a change and empties every field once saved', () => {
    const typed = apply(emptySalesforceSettings, { field: 'domain', value: 'acme' });
    expect(typed).toEqual({ ...emptySalesforceSettings, domain: 'acme' });
    expect(apply(values, { kind: 'saved' })).toEqual(emptySalesforceSettings);
  });
});
