import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { errors, type Interaction } from 'oidc-provider';
import type { Deps } from '../../deps.js';
import { pageHeaders } from '../../idp/html.js';
import { interactionPath, issuerMountPath } from '../../idp/provider.js';
import {
  TOO_MANY_ATTEMPTS,
  WRONG_CREDENTIALS,
  renderLoginPage,
  renderProblemPage,
  type LoginPageInput,
} from '../../idp/pages.js';
import type { SignInThrottle } from '../../idp/sign-in-throttle.js';
import { normalizeEmail } from '../../records/user.js';
import { demoAccounts, subjectOfPassword } from '../../services/identity-accounts.js';

export interface InteractionRoutesOptions {
  provider: Provider;
  issuerUrl: string;
  publicUrl: string;
  showDemoAccounts: boolean;
  deps: Pick<Deps, 'db'>;
  throttle: SignInThrottle;
}

interface UidParams {
  uid: string;
}

const roleLabel = (role: string | null): string =>
  role === 'ADMIN' ? 'Admin' : role === 'MANAGER' ? 'Manager' : 'Regular user';

const MAX_FIELD_LENGTH = 320;

function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, MAX_FIELD_LENGTH) : '';
}

/**
 * The embedded identity provider's login page (GET and POST /oidc/interaction/:uid). A right email and
 * password finish the login and grant the requested scopes at once, so there is no consent screen.
 * Tries are throttled per client address, per email and per page; an unknown email costs the same
 * password check as a known one.
 */
export const interactionRoutes: FastifyPluginAsync<InteractionRoutesOptions> = async (
  app,
  options,
) => {
  const { provider, issuerUrl, publicUrl, showDemoAccounts, deps, throttle } = options;
  const restartUrl = `${publicUrl}/auth/login`;
  const seeded = demoAccounts();
  const demo: LoginPageInput['demo'] = showDemoAccounts
    ? {
        accounts: seeded.accounts.map((user) => ({
          email: user.email,
          roleLabel: roleLabel(user.role),
        })),
        password: seeded.password,
      }
    : undefined;

  await app.register(formbody, { bodyLimit: 16 * 1024 });

  const sendPage = (reply: FastifyReply, status: number, html: string): FastifyReply =>
    reply.status(status).headers(pageHeaders).send(html);

  const expired = (reply: FastifyReply): FastifyReply =>
    sendPage(
      reply,
      400,
      renderProblemPage(
        'Sign-in expired',
        'This sign-in page has expired or was already used.',
        restartUrl,
      ),
    );

  /** The interaction of this browser, if it is the one in the URL. */
  async function currentInteraction(
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid ? details : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  /**
   * A browser still signed in at the identity provider as someone else: forget that session first, so
   * the provider does not stop to ask about signing the other account out.
   */
  async function forgetOtherAccount(interaction: Interaction, accountId: string): Promise<void> {
    const previous = interaction.session;
    if (!previous || previous.accountId === accountId) return;
    const session = await provider.Session.findByUid(previous.uid);
    await session?.destroy();
    interaction.session = undefined;
    await interaction.save(
      Math.max(interaction.exp - Math.floor(app.clock.now().getTime() / 1000), 1),
    );
  }

  /** Finishes the interaction as `accountId` and grants the requested scopes (no consent screen). */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    accountId: string,
  ): Promise<FastifyReply> {
    await forgetOtherAccount(interaction, accountId);
    const grant = new provider.Grant({
      accountId,
      clientId: String(interaction.params.client_id ?? ''),
    });
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  const path = `${issuerMountPath(issuerUrl)}/interaction/:uid`;

  app.get<{ Params: UidParams }>(path, async (request, reply) => {
    const interaction = await currentInteraction(request, reply);
    if (!interaction) return expired(reply);
    if (interaction.prompt.name === 'consent' && interaction.session?.accountId) {
      return finish(request, reply, interaction, interaction.session.accountId);
    }
    return sendPage(
      reply,
      200,
      renderLoginPage({ action: interactionPath(issuerUrl, interaction.uid), demo }),
    );
  });

  app.post<{ Params: UidParams }>(path, async (request, reply) => {
    const interaction = await currentInteraction(request, reply);
    if (!interaction) return expired(reply);
    const email = field(request.body, 'email').trim();
    const password = field(request.body, 'password');
    const action = interactionPath(issuerUrl, interaction.uid);
    const attempt = {
      address: request.ip,
      email: normalizeEmail(email),
      interactionUid: interaction.uid,
    };
    const verdict = throttle.check(attempt);
    if (!verdict.allowed && verdict.reason === 'page-spent') {
      return sendPage(
        reply,
        429,
        renderProblemPage(
          'Too many attempts',
          'This sign-in page took too many wrong passwords.',
          restartUrl,
        ),
      );
    }
    if (!verdict.allowed) {
      reply.header('retry-after', String(Math.ceil(verdict.waitMs / 1000)));
      return sendPage(
        reply,
        429,
        renderLoginPage({ action, email, error: TOO_MANY_ATTEMPTS, demo }),
      );
    }
    const subject = await subjectOfPassword(deps, email, password);
    if (subject === undefined) {
      const waitMs = throttle.recordFailure(attempt);
      // the account's owner (and its admins) read in the log that someone is guessing its password
      if (waitMs > 0)
        request.log.warn(
          { email: attempt.email, address: attempt.address, waitMs },
          'Wrong passwords for this email from one address: its next try from there waits',
        );
      return sendPage(
        reply,
        401,
        renderLoginPage({ action, email, error: WRONG_CREDENTIALS, demo }),
      );
    }
    throttle.recordSuccess(attempt);
    return finish(request, reply, interaction, subject);
  });
};
