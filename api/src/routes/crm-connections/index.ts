import type { FastifyPluginAsync } from 'fastify';
import { isAdmin, isManagerOrAdmin, salesforceSettingsForm } from 'shared/rules';
import type { HubspotConnectedAccountCheck } from 'shared/contract';
import { hubspotApp, hubspotAuthorizeUrl, withFreshToken as withHubSpotToken } from '../../adapters/hubspot/index.js';
import { probeSalesforceConnection, salesforceAuthorizeUrl, withFreshToken as withSalesforceToken } from '../../adapters/salesforce/index.js';
import { requireCallableUrl } from '../../http/callable-url.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/http-error.js';
import { toCrmProfile, toSalesforceSettings } from '../../presenters/crm-profiles.js';
import { createSalesforceSettings, deleteSalesforceSettings, findSalesforceSettings, listSalesforceSettingsOfUser } from '../../repositories/salesforce-settings.js';
import {
  deleteUserProfile,
  listAllUserProfiles,
  listUserProfilesOfOrganization,
  listUserProfilesOfUser,
  type UserProfileRecord,
} from '../../repositories/user-profiles.js';
import { forgetContactProperties } from '../crm-lookups/contact-properties-cache.js';
import { signOAuthState } from '../oauth/state.js';
import { loadProfile, requireWriteAccess } from './profile-access.js';

/** A domain that is no host name (spaces, a path, a query…). */
export const invalidDomainMessage = 'Domain must be a domain name such as acme.my.salesforce.com';

/** "acme.my.salesforce.com" → "https://acme.my.salesforce.com"; http:// becomes https://; no path, no trailing slash. Undefined when it is no domain. */
export function normalizeSalesforceDomain(raw: string): string | undefined {
  const trimmed = raw.trim().replace(/\/+$/, '');
  const withScheme = /^https:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^http:\/\//i, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return undefined;
  if (!/^[a-z0-9.-]+$/i.test(url.hostname) || !url.hostname.includes('.')) return undefined;
  return url.origin;
}

const disconnectedCheck = (profiles: UserProfileRecord[]): HubspotConnectedAccountCheck => {
  const disconnected = profiles.filter((profile) => profile.status === 'DISCONNECTED');
  if (disconnected.length === 0) return { title: null, message: null };
  const names = disconnected.map((profile) => `${profile.email} (Hub ID ${profile.organizationId})`).join(', ');
  return {
    title: disconnected.length === 1 ? 'HubSpot account disconnected' : 'HubSpot accounts disconnected',
    message: `HubSpot no longer accepts the sign-in of ${names}: webhooks and block lists of ${disconnected.length === 1 ? 'this account' : 'these accounts'} stop syncing. Sign in with HubSpot again to reconnect.`,
  };
};

/**
 * The CRM connection screens (spec §7 "Current user and CRM connections"): the HubSpot sign-in link,
 * profiles and connected-account check; Salesforce settings (create, list, delete, connect) and check.
 */
export const crmConnectionRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'getHubspotAuthorizeUrl', {
    handler: async ({ user, reply }) => {
      reply.header('cache-control', 'no-store');
      const hub = hubspotApp(app.config.providers);
      return { url: hubspotAuthorizeUrl(hub, `${app.config.publicUrl}/oauth`, signOAuthState(app.secretBox, { kind: 'hubspot', userId: user.id })) };
    },
  });

  contractRoute(app, 'listHubspotProfiles', {
    handler: async ({ user }) => {
      const own = await listUserProfilesOfUser(app.db, user.id, 'HUBSPOT');
      const colleagues = isManagerOrAdmin(user.role)
        ? await listAllUserProfiles(app.db, 'HUBSPOT')
        : user.organizationId === null
          ? []
          : await listUserProfilesOfOrganization(app.db, user.organizationId, 'HUBSPOT');
      return {
        auth0Profiles: own.map((profile) => toCrmProfile(profile, user)),
        organizationProfiles: colleagues.filter((profile) => profile.userId !== user.id).map((profile) => toCrmProfile(profile, user)),
      };
    },
  });

  contractRoute(app, 'checkHubspotConnectedAccount', {
    handler: async ({ user }) => {
      const profiles = await listUserProfilesOfUser(app.db, user.id, 'HUBSPOT');
      // A token that expired is renewed now, so a profile HubSpot dropped shows up here and not at the next sync.
      for (const profile of profiles) {
        if (profile.status !== 'CONNECTED' || profile.tokenExpiresAt === null || Date.parse(profile.tokenExpiresAt) > Date.now() + 60_000) continue;
        try {
          await withHubSpotToken(app, profile, async () => undefined);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
        }
      }
      return disconnectedCheck(profiles);
    },
  });

  contractRoute(app, 'deleteHubspotProfile', {
    handler: async ({ user, params }) => {
      const profile = await loadProfile(app, params.id, 'HUBSPOT');
      requireWriteAccess(user, profile);
      if (!(await deleteUserProfile(app.db, profile.id))) throw notFound('HubSpot profile not found');
      forgetContactProperties(app, profile.id);
      return { id: profile.id };
    },
  });

  contractRoute(app, 'checkSalesforceConnectedAccount', {
    handler: async ({ user }) => {
      const profiles = await listUserProfilesOfUser(app.db, user.id, 'SALESFORCE');
      // Salesforce does not say when a session ends: a cheap call renews it now, or finds it dropped.
      for (const profile of profiles) {
        if (profile.status !== 'CONNECTED') continue;
        try {
          await withSalesforceToken(app, profile, probeSalesforceConnection);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
        }
      }
      const disconnected = profiles.filter((profile) => profile.status === 'DISCONNECTED');
      if (disconnected.length === 0) return { message: null };
      const names = disconnected.map((profile) => `${profile.email}${profile.organizationDomain ? ` (${profile.organizationDomain})` : ''}`).join(', ');
      return { message: `Salesforce no longer accepts the sign-in of ${names}. Press Connect on its settings to reconnect.` };
    },
  });

  contractRoute(app, 'listSalesforceSettings', {
    handler: async ({ user }) => (await listSalesforceSettingsOfUser(app.db, user.id)).map(toSalesforceSettings),
  });

  contractRoute(app, 'createSalesforceSettings', {
    handler: async ({ user, body, reply }) => {
      const problem = salesforceSettingsForm.problem(body);
      if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
      const domain = normalizeSalesforceDomain(body.domain);
      if (domain === undefined) throw badRequest(invalidDomainMessage, { domain: invalidDomainMessage });
      // Without the override (the sandbox) the domain is called: a Salesforce host on a public address.
      if (!app.config.providers.salesforceDomainOverride) await requireCallableUrl(app.config.providers.guard, 'Salesforce', domain, 'domain', 'The domain');
      const { consumer_key: consumerKey, consumer_secret: consumerSecret } = salesforceSettingsForm.toPayload(body);
      const created = await createSalesforceSettings(app.db, { userId: user.id, domain, consumerKey, consumerSecretSealed: app.secretBox.seal(consumerSecret) });
      reply.status(201);
      return toSalesforceSettings(created);
    },
  });

  contractRoute(app, 'deleteSalesforceSettings', {
    handler: async ({ user, params }) => {
      const settings = await findSalesforceSettings(app.db, params.id);
      if (!settings) throw notFound('Salesforce settings not found');
      if (settings.userId !== user.id && !isAdmin(user.role)) throw forbidden('Only the owner of these Salesforce settings or an admin can delete them');
      if (!(await deleteSalesforceSettings(app.db, settings.id))) throw notFound('Salesforce settings not found');
      return { id: settings.id };
    },
  });

  contractRoute(app, 'getSalesforceSettings', {
    handler: async ({ user, params, reply }) => {
      const settings = await findSalesforceSettings(app.db, params.id);
      if (!settings) throw notFound('Salesforce settings not found');
      if (settings.userId !== user.id) throw forbidden('Only the owner of these Salesforce settings can connect with them');
      reply.header('cache-control', 'no-store');
      const state = signOAuthState(app.secretBox, { kind: 'salesforce', userId: user.id, settingsId: settings.id });
      return {
        id: settings.id,
        domain: settings.domain,
        consumer_key: settings.consumerKey,
        authorizeUrl: salesforceAuthorizeUrl(app.config.providers, settings.domain, settings.consumerKey, `${app.config.publicUrl}/oauth/salesforce`, state),
      };
    },
  });
};
