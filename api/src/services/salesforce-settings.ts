import type { SalesforceSettingsCreate } from 'shared/contract';
import { salesforceSettingsForm } from 'shared/rules';
import type { Deps } from '../deps.js';
import { requireCallableUrl } from './callable-url.js';
import { invalid } from './domain-errors.js';
import {
  createSalesforceSettings as insertSalesforceSettings,
  type SalesforceSettingsRecord,
} from '../repositories/salesforce-settings.js';

/** A domain that is no host name (spaces, a path, a query…). */
export const invalidDomainMessage = 'Domain must be a domain name such as acme.my.salesforce.com';

/** "acme.my.salesforce.com" → "https://acme.my.salesforce.com"; http:// becomes https://; no path, no trailing slash. Undefined when it is no domain. */
export function normalizeSalesforceDomain(raw: string): string | undefined {
  const trimmed = raw.trim().replace(/\/+$/, '');
  const withScheme = /^https:\/\//i.test(trimmed)
    ? trimmed
    : `https://${trimmed.replace(/^http:\/\//i, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (
    url.protocol !== 'https:' ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== '/' && url.pathname !== '')
  )
    return undefined;
  if (!/^[a-z0-9.-]+$/i.test(url.hostname) || !url.hostname.includes('.')) return undefined;
  return url.origin;
}

/**
 * spec §5 "Salesforce settings": checked by the form's own rules (shared/rules), the domain normalized
 * and, without the override (the sandbox), one the outbound guard calls (a Salesforce host on a public
 * address), the consumer secret sealed.
 */
export async function createSalesforceSettings(
  deps: Deps,
  userId: number,
  body: SalesforceSettingsCreate,
): Promise<SalesforceSettingsRecord> {
  const problem = salesforceSettingsForm.problem(body);
  if (problem) throw invalid(problem.message, { [problem.field]: problem.message });
  const domain = normalizeSalesforceDomain(body.domain);
  if (domain === undefined) throw invalid(invalidDomainMessage, { domain: invalidDomainMessage });
  if (!deps.providers.salesforceDomainOverride)
    await requireCallableUrl(deps.providers.guard, 'Salesforce', domain, 'domain', 'The domain');
  const { consumer_key: consumerKey, consumer_secret: consumerSecret } =
    salesforceSettingsForm.toPayload(body);
  return insertSalesforceSettings(
    deps.db,
    { userId, domain, consumerKey, consumerSecretSealed: deps.secretBox.seal(consumerSecret) },
    deps.clock.now(),
  );
}
