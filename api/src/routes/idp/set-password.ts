import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.js';
import { pageHeaders } from '../../idp/html.js';
import { newPasswordProblem } from '../../idp/new-password.js';
import { renderProblemPage, renderSetPasswordPage } from '../../idp/pages.js';
import { accountOfSetupToken, setAccountPassword } from '../../services/identity-accounts.js';

export interface SetPasswordRoutesOptions {
  publicUrl: string;
  deps: Pick<Deps, 'db' | 'clock'>;
}

const PATH = '/auth/set-password';

function field(source: unknown, name: string): string {
  if (typeof source !== 'object' || source === null) return '';
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, 512) : '';
}

/**
 * GET and POST /auth/set-password: the one-time link `npm run create-admin` prints sets an embedded
 * account's password (the token rides in the query, which the log leaves out, and the page sends no
 * Referer). The POST is Origin-checked like every unsafe /auth call.
 */
export const setPasswordRoutes: FastifyPluginAsync<SetPasswordRoutesOptions> = async (
  app,
  { publicUrl, deps },
) => {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const sendPage = (reply: FastifyReply, status: number, html: string): FastifyReply =>
    reply.status(status).headers(pageHeaders).send(html);
  const spent = (reply: FastifyReply): FastifyReply =>
    sendPage(
      reply,
      400,
      renderProblemPage(
        'Link expired',
        'This set-password link has expired or was already used. Ask for a new one.',
        `${publicUrl}/`,
        'Back to CRM Sync',
      ),
    );

  const accountOf = (token: string) => accountOfSetupToken(deps, token);

  app.get(PATH, async (request, reply) => {
    const token = field(request.query, 'token');
    const account = await accountOf(token);
    if (!account) return spent(reply);
    return sendPage(
      reply,
      200,
      renderSetPasswordPage({ action: PATH, token, email: account.email }),
    );
  });

  app.post(PATH, async (request, reply) => {
    const token = field(request.body, 'token');
    const account = await accountOf(token);
    if (!account) return spent(reply);
    const problem = newPasswordProblem(
      field(request.body, 'password'),
      field(request.body, 'confirmation'),
    );
    if (problem)
      return sendPage(
        reply,
        400,
        renderSetPasswordPage({ action: PATH, token, email: account.email, error: problem }),
      );
    await setAccountPassword(deps, account, field(request.body, 'password'));
    request.log.info({ subject: account.subject }, 'password set through a one-time link');
    return sendPage(
      reply,
      200,
      renderProblemPage(
        'Password set',
        'Your password is set. Sign in with your email and the new password.',
        `${publicUrl}/auth/login`,
        'Sign in',
      ),
    );
  });
};
