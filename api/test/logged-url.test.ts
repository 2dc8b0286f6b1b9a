import { loggedUrl } from '../src/plugins/logged-url.js';

describe('the URL a log line shows', () => {
  it("cuts a webhook's code (and the test URL's) to its first four characters", () => {
    expect(loggedUrl('/webhooks/abcdef0123456789')).toBe('/webhooks/abcd…');
    expect(loggedUrl('/webhooks/test/abcdef0123456789')).toBe('/webhooks/test/abcd…');
    expect(loggedUrl('/webhooks/abcdef0123456789?x=1')).toBe('/webhooks/abcd…');
    expect(loggedUrl('/webhooks/abcdef0123456789/more')).toBe('/webhooks/abcd…');
  });

  it('drops the query string of sign-in callbacks and keeps other URLs whole', () => {
    expect(loggedUrl('/auth/callback?code=secret&state=s')).toBe('/auth/callback?…');
    expect(loggedUrl('/api/admin/webhooks?page=2')).toBe('/api/admin/webhooks?page=2');
  });
});
