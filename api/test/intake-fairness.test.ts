import { fixtureById, payloadAt } from 'shared/events';
import { openWebhookReceiver, type DoorRequest } from '../src/services/webhook-receiver.js';
import { insertWebhookRow } from './helpers/rows.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const reply = fixtureById('smartlead.email-reply')!;

const requestTo = (code: string): DoorRequest => ({
  code,
  path: `/webhooks/${code}`,
  headers: { 'content-type': 'application/json' },
  ip: '127.0.0.1',
});

/** A Smartlead reply of about `padding` bytes more than the fixture's. */
const body = (id: string, padding = 0) =>
  JSON.stringify({ ...payloadAt(reply, new Date()), stats_id: id, padding: 'p'.repeat(padding) });

describe('one organization’s large posts and another’s', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serve the other organization’s post next, not behind everything the first one sent', async () => {
    const flooding = await insertWebhookRow(t.app, 'admin');
    const quiet = await insertWebhookRow(t.app, 'user');
    const receiver = openWebhookReceiver(t.app.deps, t.app.queue);
    try {
      // each webhook known to the receiver, as after its first post
      for (const webhook of [flooding, quiet])
        expect(await receiver.take(requestTo(webhook.code), body(`first-${webhook.id}`))).toEqual({
          kind: 'accepted',
          duplicate: false,
        });

      const answered: string[] = [];
      const taking = (name: string, code: string, rawBody: string) =>
        receiver.take(requestTo(code), rawBody).then((answer) => {
          expect(answer.kind).toBe('accepted');
          answered.push(name);
        });
      const floods = Array.from({ length: 8 }, (_, i) =>
        taking(`flood-${i + 1}`, flooding.code, body(`flood-${i}`, 900_000)),
      );
      const quietPost = taking('quiet', quiet.code, body('quiet'));
      await Promise.all([...floods, quietPost]);

      // it came after all eight; it is answered with the first
      expect(answered.indexOf('quiet')).toBeLessThanOrEqual(1);
      expect(answered.filter((name) => name !== 'quiet')).toEqual(
        Array.from({ length: 8 }, (_, i) => `flood-${i + 1}`),
      );
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
