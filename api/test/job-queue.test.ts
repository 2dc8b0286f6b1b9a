import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Database } from '../src/db/schema.js';
import { createJobQueue } from '../src/jobs/create-job-queue.js';
import { PermanentJobError, RetryLaterError } from '../src/jobs/job-errors.js';
import type { JobContext, JobQueue, QueueEngine, SendOptions } from '../src/jobs/job-queue.js';
import { createPgBossQueueEngine } from '../src/jobs/pg-boss-queue-engine.js';
import { queueEngineFor } from '../src/jobs/queue-engine-for.js';
import { fakeClock, type FakeClock } from './helpers/fake-clock.js';
import { makeTempDir } from './helpers/test-app.js';
import { createPostgresDatabase, testDialect } from './helpers/test-database.js';

interface Item {
  n: number;
}

const engineName =
  testDialect() === 'postgres' ? 'pg-boss on PostgreSQL' : 'the jobs table in SQLite';
const second = 1000;
const minute = 60 * second;
const quick: SendOptions = {
  retryLimit: 2,
  backoff: { baseMs: minute, maxMs: 10 * minute },
  visibilityTimeoutMs: 30 * second,
};

/**
 * The queue's contract, the same on both engines: this file runs in the `api` project (SQLite) and in
 * `api (postgres)` (pg-boss). Time is a fake clock and jitter is fixed at 0.5, so every delay is exact.
 */
describe(`job queue contract on ${engineName}`, () => {
  let dir: string;
  /** The api's own connection to the queue's database (for sending in its transactions). */
  let db: Kysely<Database>;
  let dropDatabase: () => Promise<void> = async () => undefined;
  let location: string;
  let makeEngine: (clock: FakeClock) => QueueEngine;
  let clock: FakeClock;
  let queue: JobQueue;
  const open: JobQueue[] = [];
  let queueNumber = 0;
  let name: string;

  beforeAll(async () => {
    dir = await makeTempDir();
    if (testDialect() === 'postgres') {
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      location = database.url;
    } else {
      location = path.join(dir, 'queue.sqlite');
    }
    db = connectDatabase(location);
    await migrateToLatest(db);
    makeEngine = (engineClock) => queueEngineFor({ location, db, clock: engineClock });
  });

  afterAll(async () => {
    await db.destroy();
    await dropDatabase();
    await rm(dir, { recursive: true, force: true });
  });

  /** A queue as one process has it (a restart is a second one on the same database). */
  async function startQueue(processClock: FakeClock): Promise<JobQueue> {
    const engine = makeEngine(processClock);
    await engine.start();
    const started = createJobQueue({ engine, clock: processClock, random: () => 0.5 });
    open.push(started);
    return started;
  }

  beforeEach(async () => {
    clock = fakeClock(new Date(Math.floor(Date.now() / 1000) * 1000));
    queue = await startQueue(clock);
    queueNumber += 1;
    name = `contract-${queueNumber}`;
  });

  afterEach(async () => {
    for (const started of open.splice(0)) await started.stop({ graceMs: 0 });
  });

  /** Runs the due jobs one by one and answers what ran. */
  async function drain(
    handler: (job: JobContext<Item>) => Promise<void> = async () => undefined,
  ): Promise<number[]> {
    const ran: number[] = [];
    while (await queue.runNext<Item>(name, async (job) => (ran.push(job.data.n), handler(job)))) {
      // next
    }
    return ran;
  }

  const failing = (error: Error) => async () => {
    throw error;
  };

  (testDialect() === 'postgres' ? it : it.skip)(
    "adds nothing of its own to pg-boss's schema: no index, no table",
    async () => {
      await queue.send<Item>(name, { n: 1 }, quick);
      expect(await drain()).toEqual([1]);
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'pgboss' and c.relname like 'crm_sync%'`.execute(db);
      expect(rows).toEqual([]);
    },
  );

  /**
   * The engine before this one (it kept each job itself in pg-boss: its data, backoff and place in an
   * envelope) leaves what `leave` sends in queue `name`; then this engine starts on the same database.
   */
  async function afterEarlierEngine(leave: (earlier: PgBoss) => Promise<void>): Promise<void> {
    const earlier = new PgBoss({ connectionString: location, supervise: false, schedule: false });
    await earlier.start();
    await earlier.createQueue(name, { name, policy: 'standard' });
    await leave(earlier);
    await earlier.stop({ graceful: false, wait: true });
    // past the start time pg-boss gave them (its database's clock)
    clock.advance(2 * second);
    const engine = createPgBossQueueEngine({
      connectionString: location,
      db,
      clock,
      knownQueues: [name],
    });
    await engine.start();
    queue = createJobQueue({ engine, clock, random: () => 0.5 });
    open.push(queue);
  }

  (testDialect() === 'postgres' ? it : it.skip)(
    'adopts the jobs the engine before this one left in pg-boss, in their order, and deletes its queue',
    async () => {
      await afterEarlierEngine(async (earlier) => {
        for (const [n, lead] of [
          [1, 'lead-a'],
          [2, 'lead-b'],
          [3, 'lead-a'],
        ] as const)
          await earlier.send(
            name,
            { data: { n }, backoff: quick.backoff, seq: n },
            { singletonKey: lead },
          );
      });
      expect(await places()).toEqual([
        [1, 'ready'],
        [2, 'ready'],
        [3, 'set aside'],
      ]);
      expect(await drain()).toEqual([1, 2, 3]);
      expect(await earlierQueues()).toEqual([]);
    },
  );

  (testDialect() === 'postgres' ? it : it.skip)(
    'adopts the unfinished jobs of an earlier engine and leaves its finished ones to pg-boss',
    async () => {
      await afterEarlierEngine(async (earlier) => {
        await earlier.send(name, { data: { n: 1 }, backoff: quick.backoff });
        const [done] = await earlier.fetch(name);
        await earlier.complete(name, done!.id);
        await earlier.send(name, { data: { n: 2 }, backoff: quick.backoff });
      });
      expect(await drain()).toEqual([2]);
      expect(await earlierQueues()).toEqual([name]);
    },
  );

  it('claims due jobs in the order sent, once each, and completes them', async () => {
    const first = await queue.send<Item>(name, { n: 1 }, quick);
    await queue.send<Item>(name, { n: 2 }, quick);
    const attempts: number[] = [];
    expect(await drain(async (job) => void attempts.push(job.attempt))).toEqual([1, 2]);
    expect(attempts).toEqual([1, 1]);
    expect(await drain()).toEqual([]);
    expect(await queue.getJob(name, first!)).toMatchObject({
      state: 'completed',
      attempts: 1,
      data: { n: 1 },
    });
  });

  it('adds nothing for a key it already has', async () => {
    expect(await queue.send<Item>(name, { n: 1 }, { ...quick, key: 'event-17' })).not.toBeNull();
    expect(await queue.send<Item>(name, { n: 2 }, { ...quick, key: 'event-17' })).toBeNull();
    expect(await drain()).toEqual([1]);
  });

  it("sends in the api's transaction: the job is there when it commits, not when it rolls back", async () => {
    await db
      .transaction()
      .execute((trx) => queue.send<Item>(name, { n: 1 }, { ...quick, transaction: trx }));
    const rollback = db.transaction().execute(async (trx) => {
      await queue.send<Item>(name, { n: 2 }, { ...quick, transaction: trx });
      throw new Error('the event was not stored');
    });
    await expect(rollback).rejects.toThrow('the event was not stored');
    expect(await drain()).toEqual([1]);
  });

  it('sends to several queues never used before, at once', async () => {
    const names = [1, 2, 3, 4].map((n) => `${name}-new-${n}`);
    await Promise.all(names.map((each, n) => queue.send<Item>(each, { n }, quick)));
    for (const [n, each] of names.entries()) {
      const ran: number[] = [];
      await queue.runNext<Item>(each, async (job) => void ran.push(job.data.n));
      expect(ran).toEqual([n]);
    }
  });

  it('runs the jobs of one ordering key sent together in one transaction in the order sent', async () => {
    const jobs = [1, 2, 3, 4, 5, 6].map((n) => ({
      name,
      data: { n },
      options: {
        ...quick,
        key: `together-${n}`,
        orderingKey: n % 2 === 0 ? 'lead-even' : 'lead-odd',
      },
    }));
    await db.transaction().execute((trx) => queue.sendMany(jobs, trx));
    await queue.sendMany([
      { name, data: { n: 1 }, options: { ...quick, key: 'together-1', orderingKey: 'lead-odd' } },
    ]);
    expect(await drain()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('holds a job until its start time', async () => {
    await queue.send<Item>(
      name,
      { n: 1 },
      { ...quick, startAfter: new Date(clock.now().getTime() + 10 * second) },
    );
    expect(await drain()).toEqual([]);
    clock.advance(10 * second);
    expect(await drain()).toEqual([1]);
  });

  it('holds the later jobs of an ordering key behind one sent for later', async () => {
    await queue.send<Item>(
      name,
      { n: 1 },
      {
        ...quick,
        key: 'later-1',
        orderingKey: 'lead-later',
        startAfter: new Date(clock.now().getTime() + 10 * second),
      },
    );
    await queue.send<Item>(name, { n: 2 }, { ...quick, key: 'later-2', orderingKey: 'lead-later' });
    await queue.send<Item>(name, { n: 3 }, { ...quick, key: 'later-3', orderingKey: 'lead-other' });
    expect(await drain()).toEqual([3]);
    clock.advance(10 * second);
    expect(await drain()).toEqual([1, 2]);
  });

  it('retries a failure after an exponential backoff with jitter', async () => {
    const id = await queue.send<Item>(name, { n: 1 }, quick);
    expect(await drain(failing(new Error('CRM unavailable')))).toEqual([1]);
    // attempt 1 failed: base 60 s, jitter 0.5 → 45 s
    expect(await queue.getJob(name, id!)).toMatchObject({
      state: 'retry',
      attempts: 1,
      lastError: expect.stringContaining('CRM unavailable'),
    });
    expect((await queue.getJob(name, id!))!.runAfter.getTime() - clock.now().getTime()).toBe(
      45 * second,
    );
    clock.advance(45 * second - 1);
    expect(await drain()).toEqual([]);
    clock.advance(1);
    const attempts: number[] = [];
    expect(
      await drain(async (job) => (attempts.push(job.attempt), failing(new Error('again'))())),
    ).toEqual([1]);
    expect(attempts).toEqual([2]);
    // attempt 2 failed: 120 s, jitter 0.5 → 90 s
    expect((await queue.getJob(name, id!))!.runAfter.getTime() - clock.now().getTime()).toBe(
      90 * second,
    );
  });

  it('honours the Retry-After a failure carries', async () => {
    const id = await queue.send<Item>(name, { n: 1 }, quick);
    await drain(failing(new RetryLaterError('429 Too Many Requests', 5 * minute)));
    expect((await queue.getJob(name, id!))!.runAfter.getTime() - clock.now().getTime()).toBe(
      5 * minute,
    );
    clock.advance(5 * minute - second);
    expect(await drain()).toEqual([]);
    clock.advance(second);
    expect(await drain()).toEqual([1]);
    expect(await queue.getJob(name, id!)).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it('a rate limit puts the job back until its Retry-After without using an attempt, however often', async () => {
    const id = await queue.send<Item>(name, { n: 1 }, quick);
    const rateLimited = Object.assign(new Error('HubSpot is limiting requests'), {
      kind: 'rate-limited',
      retryAfterMs: 2 * second,
    });
    const attempts: number[] = [];
    for (let time = 0; time < 5; time++) {
      expect(
        await drain(async (job) => (attempts.push(job.attempt), failing(rateLimited)())),
      ).toEqual([1]);
      expect(await drain()).toEqual([]);
      clock.advance(2 * second);
    }
    expect(await drain(async (job) => void attempts.push(job.attempt))).toEqual([1]);
    expect(attempts).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await queue.getJob(name, id!)).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('is dead after the last attempt, and at once on a permanent failure', async () => {
    const id = await queue.send<Item>(name, { n: 1 }, quick);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await drain(failing(new Error(`attempt ${attempt} failed`)))).toEqual([1]);
      clock.advance(10 * minute);
    }
    expect(await drain()).toEqual([]);
    expect(await queue.getJob(name, id!)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: expect.stringContaining('attempt 3 failed'),
    });

    const gone = await queue.send<Item>(name, { n: 2 }, quick);
    await drain(failing(new PermanentJobError('410 Gone')));
    clock.advance(10 * minute);
    expect(await drain()).toEqual([]);
    expect(await queue.getJob(name, gone!)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('410 Gone'),
    });
  });

  it('runs the jobs of one ordering key one at a time, in order, behind a retry', async () => {
    await queue.send<Item>(name, { n: 1 }, { ...quick, orderingKey: 'lead-a' });
    await queue.send<Item>(name, { n: 2 }, { ...quick, orderingKey: 'lead-a' });
    await queue.send<Item>(name, { n: 3 }, { ...quick, orderingKey: 'lead-b' });
    await queue.send<Item>(name, { n: 4 }, { ...quick, orderingKey: 'lead-a' });

    // job 1 fails: the rest of lead-a waits for its retry, lead-b does not
    expect(
      await drain(async (job) => (job.data.n === 1 ? failing(new Error('busy'))() : undefined)),
    ).toEqual([1, 3]);
    clock.advance(minute);
    expect(await drain()).toEqual([1, 2, 4]);
  });

  it('never hands out two jobs of one ordering key at the same time', async () => {
    await queue.send<Item>(name, { n: 1 }, { ...quick, orderingKey: 'lead-a' });
    await queue.send<Item>(name, { n: 2 }, { ...quick, orderingKey: 'lead-a' });
    await queue.send<Item>(name, { n: 3 }, { ...quick, orderingKey: 'lead-b' });
    let finishFirst: () => void = () => undefined;
    const started: number[] = [];
    const first = queue.runNext<Item>(
      name,
      (job) => (started.push(job.data.n), new Promise<void>((resolve) => (finishFirst = resolve))),
    );
    while (started.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const other = await queue.runNext<Item>(name, async (job) => void started.push(job.data.n));
    expect(other).toBe(true);
    expect(await queue.runNext<Item>(name, async (job) => void started.push(job.data.n))).toBe(
      false,
    );
    finishFirst();
    await first;
    expect(await drain()).toEqual([2]);
    expect(started).toEqual([1, 3]);
  });

  /** The lane above the default one (replies, category changes…: issue 55). */
  const first = { ...quick, priority: 1 };

  it('claims the due jobs of the higher lane first, each lane in the order sent', async () => {
    await queue.send<Item>(name, { n: 1 }, quick);
    await queue.send<Item>(name, { n: 2 }, { ...quick, orderingKey: 'lead-b' });
    await queue.send<Item>(name, { n: 3 }, { ...first, orderingKey: 'lead-c' });
    await queue.send<Item>(name, { n: 4 }, first);
    await queue.send<Item>(name, { n: 5 }, quick);
    expect(await drain()).toEqual([3, 4, 1, 2, 5]);
  });

  it("moves a lead's earlier jobs up with its job of the higher lane, in the api's transaction, keeping the lead's order", async () => {
    const job = (n: number, lead: string, options: SendOptions = quick) => ({
      name,
      data: { n },
      options: { ...options, orderingKey: lead },
    });
    await db
      .transaction()
      .execute((trx) =>
        queue.sendMany(
          [job(1, 'lead-a'), job(2, 'lead-b'), job(3, 'lead-a'), job(4, 'lead-b')],
          trx,
        ),
      );
    await db
      .transaction()
      .execute((trx) => queue.sendMany([job(5, 'lead-b'), job(6, 'lead-a', first)], trx));
    expect(await drain()).toEqual([1, 3, 6, 2, 4, 5]);
  });

  /** Claims the next job of `name` and keeps it running until the returned function is called. */
  async function holdNext(): Promise<{ n: number; finish: (outcome?: Error) => Promise<void> }> {
    let settle: (outcome?: Error) => void = () => undefined;
    let claimed: number | undefined;
    const running = queue.runNext<Item>(
      name,
      (job) => (
        (claimed = job.data.n),
        new Promise<void>(
          (resolve, reject) => (settle = (outcome) => (outcome ? reject(outcome) : resolve())),
        )
      ),
    );
    while (claimed === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    return { n: claimed, finish: async (outcome) => (settle(outcome), void (await running)) };
  }
  it("counts the unfinished jobs per key group and tells each one's place in its group's line, the higher lane first", async () => {
    const send = (n: number, lead: string, options: SendOptions = quick) =>
      queue.send<Item>(name, { n }, { ...options, key: `place-${n}`, orderingKey: lead });
    await send(1, '7:lead-a');
    const running = await holdNext();
    await send(2, '7:lead-a');
    await send(3, '7:lead-b');
    await send(4, '8:lead-c');
    await send(5, '7:lead-d', first);
    await send(6, '7:lead-b');
    clock.advance(second);
    expect(await queue.runNext<Item>(name, async () => undefined)).toBe(true); // job 5, the first lane
    const keys = [1, 2, 3, 4, 5, 6].map((n) => `place-${n}`);
    expect(Object.fromEntries(await queue.placesInLine(name, keys))).toEqual({
      'place-1': 1,
      'place-2': 2,
      'place-3': 3,
      'place-4': 1,
      'place-6': 4,
    });
    expect(Object.fromEntries(await queue.waitingByGroup(name))).toEqual({ '7': 4, '8': 1 });
    await running.finish();
    expect(await drain()).toEqual([2, 3, 4, 6]);
    expect(await queue.waitingByGroup(name)).toEqual(new Map());
  });

  it('runs the jobs of a key sent while one of it runs after it, in order, however it ends', async () => {
    for (const [n, outcome] of [
      [1, undefined],
      [10, new PermanentJobError('410 Gone')],
    ] as const) {
      await queue.send<Item>(name, { n }, { ...quick, orderingKey: 'lead-a' });
      const running = await holdNext();
      for (const later of [n + 1, n + 2, n + 3])
        await queue.send<Item>(name, { n: later }, { ...quick, orderingKey: 'lead-a' });
      await queue.send<Item>(name, { n: n + 4 }, { ...quick, orderingKey: 'lead-b' });
      expect(await drain()).toEqual([n + 4]);
      await running.finish(outcome);
      expect(await drain()).toEqual([n + 1, n + 2, n + 3]);
    }
  });

  it("moves a held lead's chain up with its job of the higher lane: behind its running job, then before the lane below", async () => {
    await queue.send<Item>(name, { n: 1 }, { ...quick, orderingKey: 'lead-a' });
    const running = await holdNext();
    for (const [n, lead] of [
      [2, 'lead-b'],
      [3, 'lead-c'],
      [4, 'lead-a'],
      [5, 'lead-a'],
    ] as const)
      await queue.send<Item>(name, { n }, { ...quick, orderingKey: lead });
    await queue.send<Item>(name, { n: 6 }, { ...first, orderingKey: 'lead-a' });
    // lead-a's chain waits behind its running job (set aside, on both engines, by this claim)
    clock.advance(second);
    const other = await holdNext();
    expect(other.n).toBe(2);
    await running.finish();
    await other.finish();
    expect(await drain()).toEqual([4, 5, 6, 3]);
  });

  it("moves a lead's chain up behind its retry: the retry, then the chain, before the lane below", async () => {
    await queue.send<Item>(name, { n: 1 }, { ...quick, orderingKey: 'lead-a' });
    expect(await drain(failing(new RetryLaterError('429 Too Many Requests', minute)))).toEqual([1]);
    await queue.send<Item>(name, { n: 2 }, { ...quick, orderingKey: 'lead-a' });
    await queue.send<Item>(name, { n: 3 }, { ...quick, orderingKey: 'lead-b' });
    await queue.send<Item>(name, { n: 4 }, { ...first, orderingKey: 'lead-a' });
    clock.advance(minute);
    expect(await drain()).toEqual([1, 2, 4, 3]);
  });

  it('runs the jobs of a key sent behind a retry once the retry has run, in order, in a restarted process too', async () => {
    await queue.send<Item>(name, { n: 1 }, { ...quick, orderingKey: 'lead-a' });
    expect(await drain(failing(new Error('busy')))).toEqual([1]);
    for (const later of [2, 3])
      await queue.send<Item>(name, { n: later }, { ...quick, orderingKey: 'lead-a' });
    expect(await drain()).toEqual([]);
    clock.advance(minute);
    queue = await startQueue(clock);
    expect(await drain()).toEqual([1, 2, 3]);
  });

  it('lets the next job of a key run when a worker dies on the last attempt of the one before', async () => {
    const id = await queue.send<Item>(
      name,
      { n: 1 },
      { ...quick, orderingKey: 'lead-a', retryLimit: 0 },
    );
    void queue.runNext<Item>(name, () => new Promise<void>(() => undefined));
    while ((await queue.getJob(name, id!))?.state !== 'active')
      await new Promise((resolve) => setTimeout(resolve, 5));
    await queue.send<Item>(name, { n: 2 }, { ...quick, orderingKey: 'lead-a' });
    queue = await startQueue(clock);
    expect(await drain()).toEqual([]);
    clock.advance(31 * second);
    expect(await drain()).toEqual([2]);
  });

  /** pg-boss's queues of this test's name (an earlier engine's, not yet deleted). */
  async function earlierQueues(): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`
      select name from pgboss.queue where name = ${name}`.execute(db);
    return rows.map((row) => row.name);
  }

  /** Where each job of the queue is, in the order sent: running, set aside (behind its key, out of the claim's search), ready, done. */
  async function places(): Promise<[number, string][]> {
    const named: Record<string, string> = {
      active: 'running',
      created: 'ready',
      completed: 'done',
    };
    const place = (state: string, aside: boolean) =>
      aside ? 'set aside' : (named[state] ?? state);
    const rows = (
      await db
        .selectFrom('jobs')
        .select(['data', 'state'])
        .where('queue', '=', name)
        .orderBy('id')
        .execute()
    ).map(({ data, state }) => ({
      n: (JSON.parse(data) as Item).n,
      state,
      aside: state === 'waiting',
    }));
    return rows.map(({ n, state, aside }) => [n, place(state, aside)]);
  }

  (testDialect() === 'postgres' ? it : it.skip)(
    'sets aside a job of a held key sent by a transaction that began before the set-aside before and committed after it',
    async () => {
      await queue.send<Item>(name, { n: 1 }, { ...quick, orderingKey: 'lead-a' });
      const running = await holdNext();
      await queue.send<Item>(name, { n: 2 }, { ...quick, orderingKey: 'lead-a' });
      await db.transaction().execute(async (trx) => {
        // begun (pg-boss's created_on) before a set-aside, sending after it
        await sql`select 1`.execute(trx);
        clock.advance(second);
        expect(await drain()).toEqual([]);
        await queue.send<Item>(
          name,
          { n: 3 },
          { ...quick, orderingKey: 'lead-a', transaction: trx },
        );
      });
      clock.advance(second);
      expect(await drain()).toEqual([]);
      expect(await places()).toEqual([
        [1, 'running'],
        [2, 'set aside'],
        [3, 'set aside'],
      ]);
      await running.finish();
      expect(await drain()).toEqual([2, 3]);
    },
  );

  it("sets a held key's later jobs aside, out of the claim's search, whatever the api's clock says, and lets one back each time one of the key finishes", async () => {
    // the api's clock an hour ahead of the database server's (pg-boss's created_on is the server's)
    clock.advance(60 * minute);
    await queue.send<Item>(name, { n: 1 }, { ...quick, orderingKey: 'lead-a' });
    const running = await holdNext();
    await queue.send<Item>(name, { n: 2 }, { ...quick, orderingKey: 'lead-a' });
    await queue.send<Item>(name, { n: 3 }, { ...quick, orderingKey: 'lead-a' });
    await queue.send<Item>(name, { n: 4 }, { ...quick, orderingKey: 'lead-b' });
    clock.advance(second);
    expect(await drain()).toEqual([4]);
    expect(await places()).toEqual([
      [1, 'running'],
      [2, 'set aside'],
      [3, 'set aside'],
      [4, 'done'],
    ]);
    await running.finish();
    expect((await places()).slice(0, 3)).toEqual([
      [1, 'done'],
      [2, 'ready'],
      [3, 'set aside'],
    ]);
    expect(await drain()).toEqual([2, 3]);
  });

  it("sets aside at once a held key's backlog longer than one set-aside statement looks at", async () => {
    await queue.send<Item>(name, { n: 1 }, { ...quick, orderingKey: 'lead-a' });
    const running = await holdNext();
    await queue.sendMany(
      Array.from({ length: 2500 }, (_, index) => ({
        name,
        data: { n: index + 2 },
        options: { ...quick, orderingKey: 'lead-a' },
      })),
    );
    await queue.send<Item>(name, { n: 2502 }, { ...quick, orderingKey: 'lead-b' });
    clock.advance(second);
    expect(await drain()).toEqual([2502]);
    const backlog = (await places()).slice(1, 2501);
    expect(backlog.filter(([, place]) => place !== 'set aside')).toEqual([]);
    expect(backlog).toHaveLength(2500);
    await running.finish();
  });

  it('takes back the job of a worker that died once its visibility timeout has passed', async () => {
    const id = await queue.send<Item>(
      name,
      { n: 1 },
      { ...quick, visibilityTimeoutMs: 30 * second },
    );
    // the first process claims it and dies without a word (its handler never settles)
    void queue.runNext<Item>(name, () => new Promise<void>(() => undefined));
    while ((await queue.getJob(name, id!))?.state !== 'active')
      await new Promise((resolve) => setTimeout(resolve, 5));

    const restarted = await startQueue(clock);
    const attempts: number[] = [];
    const run = () => restarted.runNext<Item>(name, async (job) => void attempts.push(job.attempt));
    clock.advance(29 * second);
    expect(await run()).toBe(false);
    clock.advance(2 * second);
    expect(await run()).toBe(true);
    expect(attempts).toEqual([2]);
    expect(await restarted.getJob(name, id!)).toMatchObject({ state: 'completed' });
  });

  it('lets a job die whose worker died on its last attempt', async () => {
    const id = await queue.send<Item>(name, { n: 1 }, { ...quick, retryLimit: 0 });
    void queue.runNext<Item>(name, () => new Promise<void>(() => undefined));
    while ((await queue.getJob(name, id!))?.state !== 'active')
      await new Promise((resolve) => setTimeout(resolve, 5));
    const restarted = await startQueue(clock);
    clock.advance(31 * second);
    expect(await restarted.runNext<Item>(name, async () => undefined)).toBe(false);
    expect(await restarted.getJob(name, id!)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  /**
   * Claims the next job with a handler that only settles when told to, and says when the handler has it:
   * the job is active in the database a moment before its handler runs, so a test that waits for the state
   * could settle (or stop) a handler that has not started yet.
   */
  function runHandedOver(hold: (job: JobContext<Item>, resolve: () => void) => void): {
    running: Promise<boolean>;
    started: Promise<void>;
  } {
    let markStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const running = queue.runNext<Item>(
      name,
      (job) => new Promise<void>((resolve) => (hold(job, resolve), markStarted())),
    );
    return { running, started };
  }

  it('gives a job back on stop when it does not finish in time, without counting the attempt', async () => {
    const id = await queue.send<Item>(name, { n: 1 }, quick);
    let aborted = false;
    const { running: hanging, started } = runHandedOver((job, resolve) =>
      job.signal.addEventListener('abort', () => ((aborted = true), resolve())),
    );
    await started;
    const next = await startQueue(clock);
    await queue.stop({ graceMs: 20 });
    await hanging;
    expect(aborted).toBe(true);
    const attempts: number[] = [];
    expect(await next.runNext<Item>(name, async (job) => void attempts.push(job.attempt))).toBe(
      true,
    );
    expect(attempts).toEqual([1]);
    expect(await next.getJob(name, id!)).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('finishes the job in hand on stop when it ends within the grace period', async () => {
    const id = await queue.send<Item>(name, { n: 1 }, quick);
    let finish: () => void = () => undefined;
    const { running, started } = runHandedOver((_job, resolve) => (finish = resolve));
    await started;
    const stopped = queue.stop({ graceMs: 5_000 });
    finish();
    await Promise.all([running, stopped]);
    const reader = await startQueue(clock);
    expect(await reader.getJob(name, id!)).toMatchObject({ state: 'completed' });
  });

  it('runs workers that poll until stopped', async () => {
    const seen: number[] = [];
    queue.work<Item>(name, async (job) => void seen.push(job.data.n), {
      concurrency: 2,
      pollIntervalMs: 5,
    });
    await queue.send<Item>(name, { n: 1 }, quick);
    await queue.send<Item>(name, { n: 2 }, quick);
    while (seen.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen.sort()).toEqual([1, 2]);
  });
});
