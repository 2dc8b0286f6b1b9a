import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/http-error.js';
import { CrmDisconnected, ProviderError, ProviderNotConfigured } from '../../providers/provider-error.js';
import { findSalesforceSettings } from '../../repositories/salesforce-settings.js';
import { connectHubSpot, connectSalesforce, type SalesforceRefusal } from '../../services/crm-connections.js';
import { sessionUser } from './session-user.js';
import { readOAuthState } from '../../services/oauth-state.js';

/** The query a provider sends back to a callback. Anything else (repeated or huge values) is a failed sign-in. */
const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
});

const HUBSPOT_SCREEN = '/admin/dashboard/hubspot';
const SALESFORCE_SCREEN = '/admin/dashboard/salesforce';

export const hubspotCallbackMessages = {
  denied: 'HubSpot access was denied: the account was not connected',
  failed: 'HubSpot sign-in failed. Try again',
  unverified: 'HubSpot sign-in could not be verified (it expired or was started by someone else). Start again with "Sign in with HubSpot"',
  noCode: 'HubSpot sign-in failed: HubSpot sent no code',
  codeRefused: 'HubSpot sign-in failed: HubSpot did not accept the sign-in code. Try again',
} as const;

export const salesforceCallbackMessages = {
  denied: 'Salesforce access was denied: the account was not connected',
  failed: 'Salesforce sign-in failed. Try again',
  unverified: 'Salesforce sign-in could not be verified (it expired or was started by someone else). Press Connect again',
  noCode: 'Salesforce sign-in failed: Salesforce sent no code',
  settingsGone: 'Salesforce sign-in failed: its settings were deleted',
  badConsumerKey: 'Salesforce did not accept the consumer key: check the settings',
  badConsumerSecret: 'Salesforce did not accept the consumer key and secret: check the settings',
  codeRefused: 'Salesforce sign-in failed: Salesforce did not accept the sign-in code. Try again',
} as const;

const salesforceRefusalMessages: Record<SalesforceRefusal, string> = {
  'bad-consumer-key': salesforceCallbackMessages.badConsumerKey,
  'bad-consumer-secret': salesforceCallbackMessages.badConsumerSecret,
  'code-refused': salesforceCallbackMessages.codeRefused,
};

function backTo(reply: FastifyReply, screen: string, error?: string): FastifyReply {
  return reply.redirect(error === undefined ? screen : `${screen}?error=${encodeURIComponent(error)}`);
}

/** The message of a failure the screen can show (a provider's 502 names the provider and what failed). */
function failureMessage(request: FastifyRequest, error: unknown, fallback: string): string {
  if (error instanceof HttpError || error instanceof ProviderError || error instanceof ProviderNotConfigured || error instanceof CrmDisconnected) return error.message;
  request.log.error({ err: error }, 'CRM sign-in callback failed');
  return fallback;
}

/**
 * The CRM sign-in callbacks (spec §2 "Provider callback paths"): GET /oauth (HubSpot) and GET
 * /oauth/salesforce. Both need the dashboard session, check the signed state, exchange the code
 * through the adapter, store the profile (tokens sealed) and send the browser back to the CRM screen,
 * with ?error=<message> when the sign-in was denied or failed.
 */
export const oauthRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get('/oauth', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const back = (error?: string) => backTo(reply, HUBSPOT_SCREEN, error);
    const user = await sessionUser(request);
    if (!user) return reply.redirect('/unauthorized');
    const query = callbackQuery.safeParse(request.query);
    if (!query.success) return back(hubspotCallbackMessages.failed);
    const { code, state, error } = query.data;
    if (error !== undefined) return back(error === 'access_denied' ? hubspotCallbackMessages.denied : hubspotCallbackMessages.failed);
    const started = readOAuthState(app.secretBox, state, app.clock.now().getTime());
    if (!started || started.kind !== 'hubspot' || started.userId !== user.id) return back(hubspotCallbackMessages.unverified);
    if (!code) return back(hubspotCallbackMessages.noCode);
    try {
      const connected = await connectHubSpot(app.deps, { userId: user.id, code, redirectUri: `${publicUrl}/oauth` });
      return connected.ok ? back() : back(hubspotCallbackMessages.codeRefused);
    } catch (failure) {
      return back(failureMessage(request, failure, hubspotCallbackMessages.failed));
    }
  });

  app.get('/oauth/salesforce', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const back = (error?: string) => backTo(reply, SALESFORCE_SCREEN, error);
    const user = await sessionUser(request);
    if (!user) return reply.redirect('/unauthorized');
    const query = callbackQuery.safeParse(request.query);
    if (!query.success) return back(salesforceCallbackMessages.failed);
    const { code, state, error } = query.data;
    if (error !== undefined) return back(error === 'access_denied' ? salesforceCallbackMessages.denied : salesforceCallbackMessages.failed);
    const started = readOAuthState(app.secretBox, state, app.clock.now().getTime());
    if (!started || started.kind !== 'salesforce' || started.userId !== user.id) return back(salesforceCallbackMessages.unverified);
    if (!code) return back(salesforceCallbackMessages.noCode);
    const settings = await findSalesforceSettings(app.db, started.settingsId);
    if (!settings || settings.userId !== user.id) return back(salesforceCallbackMessages.settingsGone);
    try {
      const connected = await connectSalesforce(app.deps, { userId: user.id, settings, code, redirectUri: `${publicUrl}/oauth/salesforce` });
      return connected.ok ? back() : back(salesforceRefusalMessages[connected.reason]);
    } catch (failure) {
      return back(failureMessage(request, failure, salesforceCallbackMessages.failed));
    }
  });
};
