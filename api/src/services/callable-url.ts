import { isOutboundError, type OutboundGuard, type OutboundTarget } from '../outbound/index.js';
import { invalid } from './domain-errors.js';

/**
 * For a URL a user is saving: refused (invalid, a 400) on `field` unless the outbound guard would call it for `target`
 * (scheme, host rule, and the addresses its host resolves to now), e.g. "The base URL cannot be
 * called: 127.0.0.1 is a loopback address".
 */
export async function requireCallableUrl(
  guard: OutboundGuard,
  target: OutboundTarget,
  url: string,
  field: string,
  what: string,
): Promise<void> {
  try {
    await guard.vet(target, url);
  } catch (error) {
    if (!isOutboundError(error)) throw error;
    const message = `${what} cannot be called: ${error.message}`;
    throw invalid(message, { [field]: message });
  }
}
