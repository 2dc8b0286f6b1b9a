import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
const d = (f) => import(path.join('/work/main/api/dist', f));
const { connectDatabase } = await d('db/connect.js'); const { migrateToLatest } = await d('db/migrate.js');
const { insertWebhookEvent } = await d('repositories/webhook-events.js');
const { createSqlQueueEngine } = await d('jobs/sql-queue-engine.js'); const { createJobQueue } = await d('jobs/create-job-queue.js');
const { fixtureById, payloadAt, normaliseEvent } = await import('shared/events');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-')); const db = connectDatabase(path.join(dir, 'x.sqlite')); await migrateToLatest(db); const { seedDatabase } = await d('db/seed.js'); await seedDatabase(db, new Date()); const uid = (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
const clock = { now: () => new Date() };
const queue = createJobQueue({ engine: createSqlQueueEngine(db, clock), clock });
const base = payloadAt(fixtureById('smartlead.email-reply'), new Date());
let n = 0;
function pending() { const i = n++; const raw = JSON.stringify({ ...base, stats_id: 'x' + i, sl_lead_email: `l${i % 50}@n.example` }); const ev = normaliseEvent('smartlead', JSON.parse(raw)).event;
  return { userId: uid, userProfileId: null, webhookId: null, webhookUrl: 'http://x/webhooks/abc', hubId: '1', platform: 'smartlead', state: 'queued', isTest: false, dedupeKey: ev.dedupeKey, rawBody: raw, headers: { 'content-type': 'application/json', 'user-agent': 'x' }, event: ev, leadKey: 'k' + (i % 50), errors: [], path: '/webhooks/abc', receivedAt: new Date().toISOString() }; }
const rows = Array.from({ length: 20000 }, pending);
console.log('raw bytes', rows[0].rawBody.length, 'event bytes', JSON.stringify(rows[0].event).length);
for (const batch of (process.env.B ?? '1,4,16').split(',').map(Number)) {
  const t0 = process.hrtime.bigint(); let k = 0; const N = Number(process.env.N ?? 4000);
  while (k < N) { await db.transaction().execute(async (trx) => { for (let j = 0; j < batch; j++) { const r = rows[(batch * 7919 + k++) % rows.length]; r.dedupeKey = 'b' + batch + '-' + k; const { id } = await insertWebhookEvent(trx, r); await queue.send('process-event', { logId: id }, { key: 'event:' + id, orderingKey: r.leadKey, transaction: trx }); } }); }
  console.log('batch', batch, Number(process.hrtime.bigint() - t0) / 1000 / N, 'µs/event');
}
if (process.env.B) process.exit(0);
const { sql } = await import('kysely');
await sql`create table bare_events (id integer primary key, code text not null, raw_body text not null, received_at text not null)`.execute(db);
{ const t0 = process.hrtime.bigint(); const N = 4000; for (let k = 0; k < N; k++) await db.insertInto('bare_events').values({ code: 'abc', raw_body: rows[k].rawBody, received_at: new Date().toISOString() }).execute(); console.log('bare', Number(process.hrtime.bigint() - t0) / 1000 / N, 'µs/event'); }
for (const batch of [1, 16]) { const t0 = process.hrtime.bigint(); const N = 4000; let k = 0;
  while (k < N) await db.transaction().execute(async (trx) => { for (let j = 0; j < batch; j++) { const r = rows[k++ % rows.length]; r.dedupeKey = 'c' + batch + '-' + k; await insertWebhookEvent(trx, r); } });
  console.log('log only batch', batch, Number(process.hrtime.bigint() - t0) / 1000 / N); }
for (const batch of [1, 16]) { const t0 = process.hrtime.bigint(); const N = 4000; let k = 0;
  while (k < N) await db.transaction().execute(async (trx) => { for (let j = 0; j < batch; j++) { k++; await queue.send('process-event', { logId: k }, { key: 'ev:' + batch + ':' + k, orderingKey: 'k' + (k % 50), transaction: trx }); } });
  console.log('job only batch', batch, Number(process.hrtime.bigint() - t0) / 1000 / N); }
{ const t0 = process.hrtime.bigint(); const N = 4000; for (let k = 0; k < N; k++) await db.transaction().execute(async () => {}); console.log('empty tx', Number(process.hrtime.bigint() - t0) / 1000 / N); }
