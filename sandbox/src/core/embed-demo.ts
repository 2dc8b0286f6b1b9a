import type { FastifyInstance } from 'fastify';

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A customer's portal page, on this server's origin, with CRM Sync's Block lists in it (README "Embedding an area"). */
const demoPage = (crmSyncUrl: string): string => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Customer portal (CRM Sync embedding demo)</title>
    <style>
      body { font-family: Georgia, serif; margin: 2rem; background: #fdf8f0; }
      h1 { font-size: 1.5rem; }
    </style>
  </head>
  <body>
    <h1>Customer portal</h1>
    <p>This page is another site. The area below is CRM Sync's Block lists, mounted by one script tag
      with a token this page's server asked CRM Sync for.</p>
    <div id="crm-sync"></div>
    <script src="${escapeAttribute(crmSyncUrl)}/embed.js" data-area="blocklists"
      data-route="/smartlead-block-lists" data-token-url="/embed-demo/token"></script>
  </body>
</html>
`;

/**
 * The embedding demo (issue 59): GET /embed-demo, a plain page embedding Block lists, and GET
 * /embed-demo/token, its server side: it trades the embed key, which stays here, for a token of the
 * demo admin.
 */
export function registerEmbedDemo(
  app: FastifyInstance,
  { crmSyncUrl, embedKey }: { crmSyncUrl: string; embedKey: string },
): void {
  app.get('/embed-demo', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(demoPage(crmSyncUrl)),
  );
  app.get('/embed-demo/token', async (_request, reply) => {
    const answer = await fetch(`${crmSyncUrl}/embed/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${embedKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', areas: ['blocklists'] }),
    });
    const body = (await answer.json()) as { token?: string; message?: string };
    return reply
      .code(answer.status)
      .header('cache-control', 'no-store')
      .send(answer.ok ? { token: body.token } : { message: body.message });
  });
}
