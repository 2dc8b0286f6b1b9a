import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from '../src/config.js';
import { buildSandbox } from '../src/server.js';

export interface FakeClock {
  (): number;
  advance(ms: number): void;
}

/** A clock the test moves by hand. */
export function fakeClock(start = Date.parse('2025-06-01T12:00:00.000Z')): FakeClock {
  let now = start;
  const clock = (() => now) as FakeClock;
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

export const publicUrl = 'http://sandbox.test';

/** A sandbox on a fake clock, configured from an empty environment (the documented defaults). */
export async function makeSandbox(
  config: Partial<SandboxConfig> = {},
  clock: FakeClock = fakeClock(),
): Promise<FastifyInstance & { clock: FakeClock }> {
  const app = buildSandbox({ env: {}, config: { publicUrl, ...config }, now: clock });
  await app.ready();
  return Object.assign(app, { clock });
}

export const allHubSpotScopes =
  'oauth crm.objects.contacts.read crm.objects.contacts.write crm.objects.companies.read crm.objects.companies.write crm.objects.owners.read crm.lists.read crm.schemas.contacts.write';

export const hubspotClient = {
  client_id: 'sandbox-hubspot-client-id',
  client_secret: 'sandbox-hubspot-client-secret',
  redirect_uri: 'http://localhost:8080/oauth',
};

export function form(values: Record<string, string>): {
  payload: string;
  headers: Record<string, string>;
} {
  return {
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** Connect on the consent page and exchange the code: what a person and the api do together. */
export async function hubspotTokens(
  app: FastifyInstance,
  scope = allHubSpotScopes,
): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const consent = await app.inject({
    method: 'POST',
    url: '/hubspot/oauth/authorize',
    ...form({
      client_id: hubspotClient.client_id,
      redirect_uri: hubspotClient.redirect_uri,
      scope,
      state: 'xyz',
      decision: 'connect',
    }),
  });
  const code = new URL(consent.headers.location as string).searchParams.get('code')!;
  const token = await app.inject({
    method: 'POST',
    url: '/hubspot/oauth/v1/token',
    ...form({ ...hubspotClient, grant_type: 'authorization_code', code }),
  });
  return token.json();
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export const salesforceClient = {
  client_id: 'sandbox-consumer-key',
  client_secret: 'sandbox-consumer-secret',
  redirect_uri: 'http://localhost:8080/oauth/salesforce',
};

/** Connect on the Salesforce consent page and exchange the code. */
export async function salesforceTokens(app: FastifyInstance): Promise<{
  access_token: string;
  refresh_token: string;
  instance_url: string;
  id: string;
  issued_at: string;
  signature: string;
}> {
  const consent = await app.inject({
    method: 'POST',
    url: '/salesforce/services/oauth2/authorize',
    ...form({
      response_type: 'code',
      client_id: salesforceClient.client_id,
      redirect_uri: salesforceClient.redirect_uri,
      state: 'st',
      decision: 'connect',
    }),
  });
  const code = new URL(consent.headers.location as string).searchParams.get('code')!;
  const token = await app.inject({
    method: 'POST',
    url: '/salesforce/services/oauth2/token',
    ...form({ ...salesforceClient, grant_type: 'authorization_code', code }),
  });
  return token.json();
}
