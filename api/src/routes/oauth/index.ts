import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CrmSignInError } from 'shared/contract';
import { z } from 'zod';
import { HttpError } from '../../http/http-error.js';
import {
  CrmDisconnected,
  ProviderError,
  ProviderNotConfigured,
} from '../../providers/provider-error.js';
import {
  connectHubSpot,
  connectSalesforce,
  type SalesforceRefusal,
} from '../../services/crm-connections.js';
import { sessionUser } from './session-user.js';
import {
  resumeEventsOfProfile,
  signInSalesforceSettings,
  startedSignIn,
} from '../../services/crm-sign-in.js';
import type { OAuthStatePayload } from '../../services/oauth-state.js';

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
  const providerFailed =
    error instanceof HttpError ||
    error instanceof ProviderError ||
    error instanceof ProviderNotConfigured ||
    error instanceof CrmDisconnected;
  return providerFailed ? 'providerFailed' : 'failed';
}

/**
 * The CRM sign-in callbacks (spec §2 "Provider callback paths"): GET /oauth (HubSpot) and GET
 * /oauth/salesforce. Both need the dashboard session, check the signed state, exchange the code
 * through the adapter, store the profile (tokens sealed) and send the browser back to the CRM screen,
 * with ?error=<code> when the sign-in was denied or failed (the screen shows that code's fixed message).
 */
export const oauthRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  /** A profile connected (again): its events waiting for the CRM go back to the queue; the sign-in never fails for it. */
  const resume = async (userProfileId: number) => {
    await resumeEventsOfProfile(app.deps, app.queue, userProfileId).catch((error: unknown) =>
      app.log.error({ err: error, userProfileId }, 'could not resume the waiting events'),
    );
  };

  /**
   * A CRM's callback: the session, the provider's answer, the signed state of a sign-in this user started
   * for `kind`, then `connect` with the code, which answers the error to show, or undefined once connected.
   */
  const signInCallback =
    <Kind extends OAuthStatePayload['kind']>(
      kind: Kind,
      screen: string,
      connect: (
        userId: number,
        started: Extract<OAuthStatePayload, { kind: Kind }>,
        code: string,
      ) => Promise<CrmSignInError | undefined>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const back = (error?: CrmSignInError) => backTo(reply, screen, error);
      const user = await sessionUser(request);
      if (!user) return reply.redirect('/unauthorized');
      const query = callbackQuery.safeParse(request.query);
      if (!query.success) return back('failed');
      const { code, state, error } = query.data;
      if (error !== undefined) return back(error === 'access_denied' ? 'denied' : 'failed');
      const started = startedSignIn(app.deps, state);
      if (!started || started.kind !== kind || started.userId !== user.id)
        return back('unverified');
      if (!code) return back('noCode');
      try {
        return back(
          await connect(user.id, started as Extract<OAuthStatePayload, { kind: Kind }>, code),
        );
      } catch (failure) {
        return back(failureCode(request, failure));
      }
    };

  app.get(
    '/oauth',
    signInCallback('hubspot', HUBSPOT_SCREEN, async (userId, _started, code) => {
      const connected = await connectHubSpot(app.deps, {
        userId,
        code,
        redirectUri: `${publicUrl}/oauth`,
      });
      if (!connected.ok) return 'codeRefused';
      await resume(connected.userProfileId);
      return undefined;
    }),
  );

  app.get(
    '/oauth/salesforce',
    signInCallback('salesforce', SALESFORCE_SCREEN, async (userId, started, code) => {
      const settings = await signInSalesforceSettings(app.deps, started.settingsId, userId);
      if (!settings) return 'settingsGone';
      const connected = await connectSalesforce(app.deps, {
        userId,
        settings,
        code,
        redirectUri: `${publicUrl}/oauth/salesforce`,
      });
      if (!connected.ok) return salesforceRefusalCodes[connected.reason];
      await resume(connected.userProfileId);
      return undefined;
    }),
  );
};
