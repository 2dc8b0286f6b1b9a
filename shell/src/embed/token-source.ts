/** A token this close to its expiry is renewed before a call, not after the call fails. */
export const RENEW_BEFORE_EXPIRY_MS = 10_000;

/** The `exp` (seconds) of a JWT, or undefined when the token is not one the page can read. */
export function expiryOf(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The embed's bearer token: the page's first one, then the page's callback's whenever it is about to
 * expire or the api refused it. Without a callback the token cannot be renewed (undefined: the embed
 * offers a sign-in link). Concurrent calls share one renewal.
 */
export function tokenSource(
  first: string | undefined,
  getToken: (() => Promise<string>) | undefined,
  now: () => number = Date.now,
): (options?: { renew?: boolean }) => Promise<string | undefined> {
  let current = first;
  let renewal: Promise<string | undefined> | undefined;
  const renew = (): Promise<string | undefined> => {
    if (!getToken) return Promise.resolve(undefined);
    renewal ??= getToken()
      .then(
        (token) => (current = token),
        () => undefined,
      )
      .finally(() => (renewal = undefined));
    return renewal;
  };
  return ({ renew: refused = false } = {}) => {
    const expiry = current === undefined ? undefined : expiryOf(current);
    const stale =
      current === undefined || (expiry !== undefined && expiry - now() < RENEW_BEFORE_EXPIRY_MS);
    return refused || stale ? renew() : Promise.resolve(current);
  };
}
