import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../src/db/schema.js';
import { insertApiKey, insertProfile, userIdOf } from './rows.js';
import { accountEmails, type TestAccount } from './test-app.js';

/**
 * Data a test needs that only an OAuth round trip creates: CRM profiles of the seeded users with real
 * sandbox tokens (so provider-backed routes work), and API keys the sandbox accepts. The rows are
 * written with rows.ts.
 */

const form = (
  values: Record<string, string>,
): { method: 'POST'; body: string; headers: Record<string, string>; redirect: 'manual' } => ({
  method: 'POST',
  body: new URLSearchParams(values).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  redirect: 'manual',
});

async function jsonOf<T>(response: Response, what: string): Promise<T> {
  if (!response.ok)
    throw new Error(`${what}: sandbox answered ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const codeFrom = (response: Response): string => {
  const location = response.headers.get('location');
  const code = location ? new URL(location).searchParams.get('code') : null;
  if (!code)
    throw new Error(`The sandbox consent gave no code (${response.status} ${location ?? ''})`);
  return code;
};

/** A HubSpot connection of the account's user, through the sandbox's consent page and token endpoint (less the scopes `withheld`). */
export async function connectHubSpot(
  app: FastifyInstance,
  sandboxUrl: string,
  account: TestAccount,
  withheld: string[] = [],
): Promise<number> {
  const client = {
    client_id: 'sandbox-hubspot-client-id',
    client_secret: 'sandbox-hubspot-client-secret',
    redirect_uri: 'http://localhost:8080/oauth',
  };
  const scope =
    'oauth crm.objects.contacts.read crm.objects.contacts.write crm.objects.companies.read crm.objects.companies.write crm.objects.owners.read crm.lists.read crm.schemas.contacts.write crm.schemas.companies.write timeline'
      .split(' ')
      .filter((granted) => !withheld.includes(granted))
      .join(' ');
  const consent = await fetch(
    `${sandboxUrl}/hubspot/oauth/authorize`,
    form({
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      scope,
      state: 's',
      decision: 'connect',
    }),
  );
  const token = await jsonOf<{ access_token: string; refresh_token: string; expires_in: number }>(
    await fetch(
      `${sandboxUrl}/hubspot/oauth/v1/token`,
      form({ ...client, grant_type: 'authorization_code', code: codeFrom(consent) }),
    ),
    'HubSpot token',
  );
  const info = await jsonOf<{ user: string; hub_domain: string; hub_id: number; user_id: number }>(
    await fetch(`${sandboxUrl}/hubspot/oauth/v1/access-tokens/${token.access_token}`),
    'HubSpot token info',
  );
  return insertProfile(app, account, 'HUBSPOT', {
    account_id: String(info.user_id),
    organization_id: String(info.hub_id),
    organization_domain: info.hub_domain,
    email: info.user,
    access_token_enc: app.secretBox.seal(token.access_token),
    refresh_token_enc: app.secretBox.seal(token.refresh_token),
    token_expires_at: new Date(Date.now() + token.expires_in * 1000).toISOString(),
  });
}

/** Salesforce settings (acme.my.salesforce.com, sent to the sandbox) and a connection through them. */
export async function connectSalesforce(
  app: FastifyInstance,
  sandboxUrl: string,
  account: TestAccount,
): Promise<{ profileId: number; settingsId: number }> {
  const userId = await userIdOf(app, account);
  const settings = await app.db
    .insertInto('salesforce_settings')
    .values({
      user_id: userId,
      domain: 'https://acme.my.salesforce.com',
      consumer_key: 'sandbox-consumer-key',
      consumer_secret_enc: app.secretBox.seal('sandbox-consumer-secret'),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = {
    client_id: 'sandbox-consumer-key',
    client_secret: 'sandbox-consumer-secret',
    redirect_uri: 'http://localhost:8080/oauth/salesforce',
  };
  const consent = await fetch(
    `${sandboxUrl}/salesforce/services/oauth2/authorize`,
    form({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      state: 's',
      decision: 'connect',
    }),
  );
  const token = await jsonOf<{
    access_token: string;
    refresh_token: string;
    instance_url: string;
    id: string;
  }>(
    await fetch(
      `${sandboxUrl}/salesforce/services/oauth2/token`,
      form({ ...client, grant_type: 'authorization_code', code: codeFrom(consent) }),
    ),
    'Salesforce token',
  );
  const [organizationId = '', crmUserId = ''] = new URL(token.id).pathname.split('/').slice(-2);
  const profileId = await insertProfile(app, account, 'SALESFORCE', {
    account_id: crmUserId,
    organization_id: organizationId,
    organization_domain: 'acme.my.salesforce.com',
    email: accountEmails[account],
    access_token_enc: app.secretBox.seal(token.access_token),
    refresh_token_enc: app.secretBox.seal(token.refresh_token),
    instance_url: token.instance_url,
    salesforce_setting_id: settings.id,
  });
  return { profileId, settingsId: settings.id };
}

export interface AccountFixtures {
  userId: number;
  hubspotProfileId: number;
  salesforceProfileId: number;
  salesforceSettingsId: number;
  apiKeyIds: Record<Platform, number>;
}

/** For each account (the seeded ones by default): a HubSpot and a Salesforce profile and one valid API key per platform (on the HubSpot profile). */
export async function seedAccountFixtures<A extends TestAccount = 'admin' | 'manager' | 'user'>(
  app: FastifyInstance,
  sandboxUrl: string,
  accounts: readonly A[] = ['admin', 'manager', 'user'] as A[],
): Promise<Record<A, AccountFixtures>> {
  const result = {} as Record<A, AccountFixtures>;
  for (const account of accounts) {
    const hubspotProfileId = await connectHubSpot(app, sandboxUrl, account);
    const { profileId: salesforceProfileId, settingsId } = await connectSalesforce(
      app,
      sandboxUrl,
      account,
    );
    const apiKeyIds = {} as Record<Platform, number>;
    for (const platform of ['smartlead', 'instantly', 'bison', 'heyreach'] as const)
      apiKeyIds[platform] = await insertApiKey(app, hubspotProfileId, platform);
    result[account] = {
      userId: await userIdOf(app, account),
      hubspotProfileId,
      salesforceProfileId,
      salesforceSettingsId: settingsId,
      apiKeyIds,
    };
  }
  return result;
}
