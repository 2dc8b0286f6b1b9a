import { z } from 'zod';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  emptyPushResult,
  isSendableKey,
  platformMessage,
  readAnswer,
  refusalOf,
  throwIfPlatformFailed,
  unsendableKey,
  type BlockPushResult,
  type PlatformAnswer,
  type PlatformCredentials,
} from '../platform-answer.js';
import { missingBaseUrlMessage } from './check-key.js';
import { bisonApiBase, bisonRequest } from './request.js';

export type BisonBlacklistKind = 'email' | 'domain';

const paths: Record<BisonBlacklistKind, string> = {
  email: '/api/blacklisted-emails',
  domain: '/api/blacklisted-domains',
};
const created = z.object({ data: z.object({ id: z.number().int() }).passthrough() });

/** A 422 that says the value is already there ("The email has already been taken."): the value is blocked, which is the goal. */
const isAlreadyTaken = (status: number, data: unknown): boolean =>
  status === 422 && /already been taken/i.test(platformMessage(data) ?? '');

/**
 * POST /api/blacklisted-emails {email} or /api/blacklisted-domains {domain}, one value a call. A
 * duplicate counts as done; another 422 (not an email or domain) is counted as failed with its
 * message; 401/403 stops the push as an invalid key.
 */
export async function addToBisonBlacklist(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  kind: BisonBlacklistKind,
  values: readonly string[],
): Promise<PlatformAnswer<BlockPushResult>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('EmailBison');
  const base = bisonApiBase(endpoints, credentials.baseUrl);
  if (!base) return { ok: false, reason: 'rejected', message: missingBaseUrlMessage };
  const action = kind === 'email' ? 'blacklisting emails' : 'blacklisting domains';
  const result = emptyPushResult();
  for (const raw of values) {
    const value = raw.trim();
    if (value === '') continue;
    const response = await bisonRequest(endpoints, base, credentials.apiKey, {
      action,
      path: paths[kind],
      method: 'POST',
      body: { [kind]: value },
    });
    result.sent += 1;
    throwIfPlatformFailed('EmailBison', action, response);
    if (isAlreadyTaken(response.status, response.data)) {
      result.alreadyBlocked += 1;
      result.alreadyPresent.push(value);
      continue;
    }
    if (response.status === 422) {
      result.failed += 1;
      if (result.errors.length < 20)
        result.errors.push(`${value}: ${platformMessage(response.data) ?? 'refused'}`);
      continue;
    }
    if (response.status >= 400) return refusalOf('EmailBison', response, credentials.apiKey);
    const answer = readAnswer('EmailBison', action, response, credentials.apiKey, created);
    if (!answer.ok) return answer;
    result.added += 1;
  }
  return { ok: true, data: result };
}

/** Emails (with "@") to the blacklisted emails, the rest to the blacklisted domains. */
export async function addToBisonBlockList(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  values: readonly string[],
): Promise<PlatformAnswer<BlockPushResult>> {
  const emails = values.filter((value) => value.includes('@'));
  const domains = values.filter((value) => !value.includes('@'));
  const first = await addToBisonBlacklist(endpoints, credentials, 'email', emails);
  if (!first.ok || domains.length === 0) return first;
  const second = await addToBisonBlacklist(endpoints, credentials, 'domain', domains);
  if (!second.ok) return second;
  const a = first.data;
  const b = second.data;
  return {
    ok: true,
    data: {
      sent: a.sent + b.sent,
      added: a.added + b.added,
      alreadyBlocked: a.alreadyBlocked + b.alreadyBlocked,
      alreadyPresent: [...a.alreadyPresent, ...b.alreadyPresent],
      failed: a.failed + b.failed,
      errors: [...a.errors, ...b.errors].slice(0, 20),
    },
  };
}
