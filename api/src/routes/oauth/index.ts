import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CrmSignInError } from 'shared/contract';
import { z } from 'zod';
import { exchangeHubSpotCode, fetchHubSpotOwners, hubspotApp, readHubSpotTokenInfo } from '../../adapters/hubspot/index.js';
import { exchangeSalesforceCode, readSalesforceUserInfo } from '../../adapters/salesforce/index.js';
import { HttpError } from '../../http/http-error.js';
import { findSalesforceSettings } from '../../repositories/salesforce-settings.js';
import { saveConnectedProfile } from '../../repositories/user-profiles.js';
import { forgetContactProperties } from '../crm-lookups/contact-properties-cache.js';
import { sessionUser } from './session-user.js';
import { readOAuthState } from './state.js';

/** The query a provider sends back to a callback. Anything else (repeated or huge values) is a failed sign-in. */
const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
});

const HUBSPOT_SCREEN = '/admin/dashboard/hubspot';
const SALESFORCE_SCREEN = '/admin/dashboard/salesforce';

function backTo(reply: FastifyReply, screen: string, error?: CrmSignInError): FastifyReply {
  return reply.redirect(error === undefined ? screen : `${screen}?error=${error}`);
}

/** A failure's code; what failed goes to the log, never into the address. */
function failureCode(request: FastifyRequest, error: unknown): CrmSignInError {
  request.log.error({ err: error }, 'CRM sign-in callback failed');
  return error instanceof HttpError ? 'providerFailed' : 'failed';
}

/**
 * The CRM sign-in callbacks (spec §2 "Provider callback paths"): GET /oauth (HubSpot) and GET
 * /oauth/salesforce. Both need the dashboard session, check the signed state, exchange the code
 * through the adapter, store the profile (tokens sealed) and send the browser back to the CRM screen,
 * with ?error=<code> when the sign-in was denied or failed (the screen shows that code's fixed message).
 */
export const oauthRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get('/oauth', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const back = (error?: CrmSignInError) => backTo(reply, HUBSPOT_SCREEN, error);
    const user = await sessionUser(request);
    if (!user) return reply.redirect('/unauthorized');
    const query = callbackQuery.safeParse(request.query);
    if (!query.success) return back('failed');
    const { code, state, error } = query.data;
    if (error !== undefined) return back(error === 'access_denied' ? 'denied' : 'failed');
    const started = readOAuthState(app.secretBox, state);
    if (!started || started.kind !== 'hubspot' || started.userId !== user.id) return back('unverified');
    if (!code) return back('noCode');
    try {
      const hub = hubspotApp(app.config.providers);
      const grant = await exchangeHubSpotCode(hub, code, `${publicUrl}/oauth`);
      if (!grant.ok) {
        request.log.warn({ status: grant.status }, 'HubSpot refused the sign-in code');
        return back('codeRefused');
      }
      const info = await readHubSpotTokenInfo(hub, grant.accessToken);
      // Names come from the owner with the user's email; without them the profile still works.
      const owner = await fetchHubSpotOwners({ apiUrl: hub.apiUrl, timeoutMs: hub.timeoutMs, guard: hub.guard, accessToken: grant.accessToken }, info.userEmail)
        .then((owners) => owners[0])
        .catch(() => undefined);
      const saved = await saveConnectedProfile(app.db, {
        userId: user.id,
        crm: 'HUBSPOT',
        accountId: info.userId,
        organizationId: info.hubId,
        organizationDomain: info.hubDomain,
        email: info.userEmail,
        firstName: owner?.firstName ?? '',
        lastName: owner?.lastName ?? '',
        accessTokenSealed: app.secretBox.seal(grant.accessToken),
        refreshTokenSealed: app.secretBox.seal(grant.refreshToken),
        tokenExpiresAt: new Date(Date.now() + grant.expiresInSeconds * 1000).toISOString(),
        instanceUrl: null,
        salesforceSettingId: null,
      });
      forgetContactProperties(app, saved.id);
      request.log.info({ userProfileId: saved.id, created: saved.created }, 'HubSpot profile connected');
      return back();
    } catch (failure) {
      return back(failureCode(request, failure));
    }
  });

  app.get('/oauth/salesforce', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const back = (error?: CrmSignInError) => backTo(reply, SALESFORCE_SCREEN, error);
    const user = await sessionUser(request);
    if (!user) return reply.redirect('/unauthorized');
    const query = callbackQuery.safeParse(request.query);
    if (!query.success) return back('failed');
    const { code, state, error } = query.data;
    if (error !== undefined) return back(error === 'access_denied' ? 'denied' : 'failed');
    const started = readOAuthState(app.secretBox, state);
    if (!started || started.kind !== 'salesforce' || started.userId !== user.id) return back('unverified');
    if (!code) return back('noCode');
    const settings = await findSalesforceSettings(app.db, started.settingsId);
    if (!settings || settings.userId !== user.id) return back('settingsGone');
    try {
      const endpoints = app.config.providers;
      const consumerSecret = app.secretBox.open(settings.consumerSecretSealed);
      const grant = await exchangeSalesforceCode(endpoints, { domain: settings.domain, consumerKey: settings.consumerKey, consumerSecret }, code, `${publicUrl}/oauth/salesforce`);
      if (!grant.ok) {
        request.log.warn({ error: grant.error }, 'Salesforce refused the sign-in code');
        if (grant.error === 'invalid_client_id') return back('badConsumerKey');
        if (grant.error === 'invalid_client') return back('badConsumerSecret');
        return back('codeRefused');
      }
      const info = await readSalesforceUserInfo(endpoints, settings.domain, grant.accessToken);
      const saved = await saveConnectedProfile(app.db, {
        userId: user.id,
        crm: 'SALESFORCE',
        accountId: info.userId,
        organizationId: info.organizationId,
        organizationDomain: new URL(settings.domain).host,
        email: info.email,
        firstName: info.firstName,
        lastName: info.lastName,
        accessTokenSealed: app.secretBox.seal(grant.accessToken),
        refreshTokenSealed: grant.refreshToken === null ? null : app.secretBox.seal(grant.refreshToken),
        tokenExpiresAt: null,
        instanceUrl: grant.instanceUrl,
        salesforceSettingId: settings.id,
      });
      request.log.info({ userProfileId: saved.id, created: saved.created }, 'Salesforce profile connected');
      return back();
    } catch (failure) {
      return back(failureCode(request, failure));
    }
  });
};
