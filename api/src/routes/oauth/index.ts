import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CrmSignInError } from 'shared/contract';
import { z } from 'zod';
import { resumeWaitingEvents } from '../../crm-writers/waiting-events.js';
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

const salesforceRefusalCodes: Record<SalesforceRefusal, CrmSignInError> = {
  'bad-consumer-key': 'badConsumerKey',
  'bad-consumer-secret': 'badConsumerSecret',
  'code-refused': 'codeRefused',
};

function backTo(reply: FastifyReply, screen: string, error?: CrmSignInError): FastifyReply {
  return reply.redirect(error === undefined ? screen : `${screen}?error=${error}`);
}

/** A failure's code; what failed goes to the log, never into the address. */
function failureCode(request: FastifyRequest, error: unknown): CrmSignInError {
  request.log.error({ err: error }, 'CRM sign-in callback failed');
  const providerFailed = error instanceof HttpError || error instanceof ProviderError || error instanceof ProviderNotConfigured || error instanceof CrmDisconnected;
  return providerFailed ? 'providerFailed' : 'failed';
}

/**
 * The CRM sign-in callbacks (spec §2 "Provider callback paths"): GET /oauth (HubSpot) and GET
 * /oauth/salesforce. Both need the dashboard session, check the signed state, exchange the code
 * through the adapter, store the profile (tokens sealed) and send the browser back to the CRM screen,
 * with ?error=<code> when the sign-in was denied or failed (the screen shows that code's fixed message).
 */
export const oauthRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  /** A profile connected (again): its events waiting for the CRM go back to the queue; the sign-in never fails for it. */
  const resume = async (userProfileId: number) => {
    await resumeWaitingEvents(app.deps, app.queue, userProfileId).catch((error: unknown) => app.log.error({ err: error, userProfileId }, 'could not resume the waiting events'));
  };

  app.get('/oauth', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const back = (error?: CrmSignInError) => backTo(reply, HUBSPOT_SCREEN, error);
    const user = await sessionUser(request);
    if (!user) return reply.redirect('/unauthorized');
    const query = callbackQuery.safeParse(request.query);
    if (!query.success) return back('failed');
    const { code, state, error } = query.data;
    if (error !== undefined) return back(error === 'access_denied' ? 'denied' : 'failed');
    const started = readOAuthState(app.secretBox, state, app.clock.now().getTime());
    if (!started || started.kind !== 'hubspot' || started.userId !== user.id) return back('unverified');
    if (!code) return back('noCode');
    try {
      const connected = await connectHubSpot(app.deps, { userId: user.id, code, redirectUri: `${publicUrl}/oauth` });
      if (connected.ok) await resume(connected.userProfileId);
      return connected.ok ? back() : back('codeRefused');
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
    const started = readOAuthState(app.secretBox, state, app.clock.now().getTime());
    if (!started || started.kind !== 'salesforce' || started.userId !== user.id) return back('unverified');
    if (!code) return back('noCode');
    const settings = await findSalesforceSettings(app.db, started.settingsId);
    if (!settings || settings.userId !== user.id) return back('settingsGone');
    try {
      const connected = await connectSalesforce(app.deps, { userId: user.id, settings, code, redirectUri: `${publicUrl}/oauth/salesforce` });
      if (connected.ok) await resume(connected.userProfileId);
      return connected.ok ? back() : back(salesforceRefusalCodes[connected.reason]);
    } catch (failure) {
      return back(failureCode(request, failure));
    }
  });
};
