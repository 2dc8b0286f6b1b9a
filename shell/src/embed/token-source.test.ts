import { expiryOf, tokenSource } from './token-source';

const jwt = (exp: number) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: '1', exp })).replace(/=+$/, '')}.signature`;
const NOW = 1_800_000_000_000;

describe('the embed token source', () => {
  it("reads a JWT's expiry, and nothing from a token that is not one", () => {
    expect(expiryOf(jwt(1_800_000_900))).toBe(1_800_000_900_000);
    expect(expiryOf('opaque')).toBeUndefined();
  });

  it("keeps the page's token while it lives, then asks the page's callback once for concurrent calls", async () => {
    let now = NOW;
    const asked: string[] = [];
    const getToken = () => {
      asked.push('asked');
      return Promise.resolve(jwt(now / 1000 + 900));
    };
    const token = tokenSource(jwt(NOW / 1000 + 60), getToken, () => now);
    expect(await token()).toBe(jwt(NOW / 1000 + 60));
    expect(asked).toEqual([]);
    now = NOW + 55_000; // 5 s before the first token ends
    const [first, second] = await Promise.all([token(), token()]);
    expect(first).toBe(jwt(now / 1000 + 900));
    expect(second).toBe(first);
    expect(asked).toEqual(['asked']);
    // a refused token is renewed at once, however long it had to live
    await token({ renew: true });
    expect(asked).toEqual(['asked', 'asked']);
  });

  it('has no token to give when the page has no callback or its callback fails', async () => {
    expect(await tokenSource(undefined, undefined)({ renew: true })).toBeUndefined();
    const failing = tokenSource(undefined, () => Promise.reject(new Error('portal down')));
    expect(await failing()).toBeUndefined();
  });
});
