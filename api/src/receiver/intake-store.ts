import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { isPostgres } from '../db/columns.js';
import type { Database } from '../db/schema.js';
import { SEND_EVENT_JOBS, type SendEventJobsJob, type StoredEventJobs } from '../jobs/job-names.js';
import type { JobSender, OutgoingJob } from '../jobs/job-queue.js';
import {
  insertDeliveries,
  insertWebhookEvent,
  insertWebhookEvents,
  type NewWebhookEvent,
} from '../repositories/webhook-events.js';
import type { IntakeJobOptions, KnownPostResult, PostPlan } from './intake.js';
import { eventJobs, processPriorityOf } from './intake-jobs.js';

/**
 * The one door of an event into the database, for every intake path (the api's thread, the intake
 * thread, the 413 answer): the log row, the dedupe (a copy of an event already stored is counted on
 * its row: repositories/webhook-events.ts insertWebhookEvents), the deliveries, and the hand-over of
 * the new events' jobs to the queue, in one transaction.
 */
export interface IntakeStore {
  /** Stores the posts read together in one commit, answered in their order; their log ids follow it. */
  store(plans: readonly PostPlan[]): Promise<KnownPostResult[]>;
  /** A log row that makes no job (a refused post, a body over the limit): answers its id. */
  storeRow(row: NewWebhookEvent): Promise<number>;
}

export interface IntakeStoreDeps {
  db: Kysely<Database>;
  /** The time of the deliveries and the jobs (the intake thread's is the api's, passed in). */
  clock: Clock;
  /** The queue, or its engine (the intake thread's), that writes the job rows in the store's transaction. */
  jobs: JobSender;
  jobOptions: IntakeJobOptions;
}

/** How the new events of a commit become jobs: the one difference between the two databases. */
type HandOver = (events: readonly StoredEventJobs[], options: IntakeJobOptions) => OutgoingJob[];

/** SQLite: each event's own jobs (processing in its lead's order, a forwarding per delivery), with it. */
const eachEventsJobs: HandOver = (events, options) =>
  events.flatMap((event) =>
    eventJobs(event.logId, event.leadKey, event.deliveryIds, options, event.priority),
  );

/**
 * PostgreSQL: one job a commit that sends its events' jobs (send-event-jobs.ts). A pg-boss job each, in
 * the commit, costs the server far more than the events' rows, and the commit is the receiver's one
 * serial step; the one job runs at once on a worker.
 */
const oneJobPerCommit: HandOver = (events, options) =>
  events.length === 0
    ? []
    : [
        {
          name: SEND_EVENT_JOBS,
          data: { events: [...events] } satisfies SendEventJobsJob,
          options: options.sendEventJobs,
        },
      ];

export const sqliteIntakeStore = (deps: IntakeStoreDeps): IntakeStore =>
  createIntakeStore(deps, eachEventsJobs);

export const postgresIntakeStore = (deps: IntakeStoreDeps): IntakeStore =>
  createIntakeStore(deps, oneJobPerCommit);

/** The store for the database `deps.db` is. */
export const intakeStoreFor = (deps: IntakeStoreDeps): IntakeStore =>
  isPostgres(deps.db) ? postgresIntakeStore(deps) : sqliteIntakeStore(deps);

const rowOf = (plan: PostPlan): NewWebhookEvent =>
  plan.kind === 'event' ? plan.pending.row : plan.row;

function createIntakeStore(
  { db, clock, jobs, jobOptions }: IntakeStoreDeps,
  handOver: HandOver,
): IntakeStore {
  return {
    store: (plans) =>
      db.transaction().execute(async (trx) => {
        // every post's row in one statement, in the posts' order: the ids follow it
        const rows = await insertWebhookEvents(trx, plans.map(rowOf));
        const deliveryIds = await insertDeliveries(
          trx,
          plans.map((plan, index) => ({
            logId: rows[index]!.id,
            webhookId: plan.kind === 'event' ? plan.pending.webhookId : 0,
            endpoints:
              plan.kind === 'event' && !rows[index]!.duplicate ? plan.pending.endpoints : [],
          })),
          clock.now().toISOString(),
        );
        const newEvents = plans.flatMap((plan, index): StoredEventJobs[] =>
          plan.kind === 'event' && !rows[index]!.duplicate && !plan.pending.test
            ? [
                {
                  logId: rows[index]!.id,
                  leadKey: plan.pending.row.leadKey,
                  deliveryIds: deliveryIds[index]!,
                  priority: processPriorityOf(plan.pending.row.event.eventType),
                },
              ]
            : [],
        );
        const handedOver = handOver(newEvents, jobOptions);
        if (handedOver.length > 0) await jobs.sendMany(handedOver, trx);
        return plans.map((plan, index): KnownPostResult => {
          const { id, duplicate } = rows[index]!;
          if (plan.kind === 'invalid') return { kind: 'invalid', message: plan.message, logId: id };
          if (plan.kind === 'refused')
            return { kind: 'refused', status: 403, message: plan.message, logId: id };
          return {
            kind: 'accepted',
            logId: id,
            duplicate,
            placed: plan.kind === 'event',
            deliveryIds: deliveryIds[index]!,
          };
        });
      }),
    storeRow: async (row) => (await insertWebhookEvent(db, row)).id,
  };
}
