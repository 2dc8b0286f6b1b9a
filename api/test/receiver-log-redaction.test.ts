import { fixtureById, payloadAt } from 'shared/events';
import { insertWebhookRow, setFlags } from './helpers/rows.js';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app.js';

const reply = fixtureById('smartlead.email-reply')!;

/**
 * Issue 53: a webhook's code is its only credential, so no log line may hold one whole. Receiver
 * traffic of every answer (200, 400, 403, 404, 410, 429, the signed-in test URL) runs with the log at
 * trace level, then the log is searched for every code, the session and the posted secret.
 */
describe('receiver traffic logs no credential', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'trace', WEBHOOK_POSTS_PER_MINUTE: '4' },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs webhook paths as /webhooks/abcd… and never a full code, key or token', async () => {
    const secretKey = 'sl-secret-key-5d1c9e7a';
    const event = { ...payloadAt(reply, new Date()), secret_key: secretKey };
    const post = (code: string, body: string, path = `/webhooks/${code}`, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `${path}?token=${secretKey}`,
        headers: {
          'content-type': 'application/json',
          ...(cookie ? { cookie, origin: 'http://localhost:8080' } : {}),
        },
        payload: body,
      });
    const live = await insertWebhookRow(t.app, 'admin');
    const refused = await insertWebhookRow(t.app, 'user');
    const deleted = await insertWebhookRow(t.app, 'manager');
    await t.app.db.deleteFrom('webhooks').where('id', '=', deleted.id).execute();
    await setFlags(t.app, 'user', { canWebhook: false });
    const unknownCode = 'f'.repeat(32);
    const statuses = new Set<number>();
    try {
      statuses.add((await post(live.code, '{"not json')).statusCode);
      for (let i = 0; i < 6; i++)
        statuses.add(
          (await post(live.code, JSON.stringify({ ...event, stats_id: `redact-${i}` }))).statusCode,
        );
      statuses.add((await post(refused.code, JSON.stringify(event))).statusCode);
      statuses.add((await post(deleted.code, JSON.stringify(event))).statusCode);
      statuses.add((await post(unknownCode, JSON.stringify(event))).statusCode);
    } finally {
      await setFlags(t.app, 'user', { canWebhook: true });
    }
    const cookie = await signIn(t.app, 'admin');
    const testUrl = await t.app.inject(call('POST', `/webhooks/test/${live.code}`, cookie, event));
    statuses.add(testUrl.statusCode);
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 403, 404, 410, 429]));

    const log = logLines.join('');
    expect(log).toContain(`"/webhooks/${live.code.slice(0, 4)}…"`);
    expect(log).toContain(`"/webhooks/test/${live.code.slice(0, 4)}…"`);
    const session = cookie.split(';')[0]!.split('=').slice(1).join('=');
    for (const credential of [
      live.code,
      refused.code,
      deleted.code,
      unknownCode,
      secretKey,
      session,
    ])
      expect(log).not.toContain(credential);
  });
});
