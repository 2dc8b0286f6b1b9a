import type { Deps } from '../deps.js';
import { ANSWER_RECORD_CHARS } from '../records/attempt-answer.js';
import { handlerOf, type FeatureJobs } from '../jobs/feature-jobs.js';
import { errorText, isPermanent, isRateLimited } from '../jobs/job-errors.js';
import { PROCESS_EVENT, type ProcessEventJob } from '../jobs/job-names.js';
import type { JobHandler, JobQueue } from '../jobs/job-queue.js';
import type { EventProcessor, EventStep } from '../receiver/process-event.js';
import { recordProcessAttempt, type EventRowChange } from '../repositories/webhook-events.js';
import { findWebhookEvent } from '../repositories/webhook-logs.js';

export interface ProcessRun {
  logId: number;
  /** 1 on the first attempt of this job. */
  attempt: number;
  /** No more attempts after this one. */
  lastAttempt: boolean;
  /** A replay runs an event again even when it was processed. */
  replay: boolean;
  /** The queue, for processors that send jobs of their own (the category filter releasing held events). */
  queue?: JobQueue;
}

const stepErrors = (steps: readonly EventStep[]): string[] =>
  steps
    .filter((step) => !step.ok)
    .map((step) => (step.error ? `${step.name}: ${step.error}` : step.name));

const shortened = (text: string | undefined, chars: number): string | undefined =>
  text === undefined || text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
/** A step for the answer, its texts at most `chars` long (no undefined keys are written: JSON leaves them out). */
const writtenStep = ({ name, ok, error, skipped, detail }: EventStep, chars: number) => ({
  name,
  ok,
  error: shortened(error, chars),
  skipped: shortened(skipped, chars),
  detail: shortened(detail, chars),
});

/**
 * A run's steps as its attempt's answer: JSON that fits ANSWER_RECORD_CHARS whole (a cut list could not
 * be read back), the steps' texts shortened as far as it takes, then the last steps left out.
 */
export function stepsAnswer(steps: readonly EventStep[]): string {
  const written = (list: readonly EventStep[], chars: number) =>
    JSON.stringify(list.map((step) => writtenStep(step, chars)));
  for (const chars of [Infinity, 200, 80, 30]) {
    const answer = written(steps, chars);
    if (answer.length <= ANSWER_RECORD_CHARS) return answer;
  }
  for (let count = steps.length - 1; count > 0; count -= 1) {
    const answer = written(steps.slice(0, count), 30);
    if (answer.length <= ANSWER_RECORD_CHARS) return answer;
  }
  return '[]';
}

/**
 * The "process event" job: runs the processor on a stored event once. An event already processed is
 * left alone (a job run again after a crash between the work and its completion), unless replayed.
 * Every run is recorded as an attempt; the row's state and errors say how the last one ended.
 */
export async function processStoredEvent(
  deps: Deps,
  processor: EventProcessor,
  run: ProcessRun,
): Promise<void> {
  const stored = await findWebhookEvent(deps.db, run.logId);
  if (stored === undefined || stored.event === null) return;
  if (stored.processedAt !== null && !run.replay) return;
  const started = deps.clock.now();
  /** Records this run as a process attempt, with what it did to the row. */
  const record = (
    attempt: { answer?: string | null; error: string | null; outcome: string },
    change: EventRowChange | null,
  ) =>
    recordProcessAttempt(
      deps.db,
      {
        logId: run.logId,
        deliveryId: null,
        kind: 'process',
        attempt: run.attempt,
        startedAt: started.toISOString(),
        durationMs: Math.max(0, deps.clock.now().getTime() - started.getTime()),
        statusCode: null,
        answer: attempt.answer ?? null,
        error: attempt.error,
        outcome: attempt.outcome,
      },
      change,
    );
  let steps: EventStep[];
  try {
    steps = await processor(deps, {
      stored,
      event: stored.event,
      ...(run.queue ? { queue: run.queue } : {}),
    });
  } catch (error) {
    // a rate limit only delays: the queue runs the event again without using an attempt
    const final = !isRateLimited(error) && (run.lastAttempt || isPermanent(error));
    const message = errorText(error);
    await record(
      { error: message, outcome: final ? 'failed' : 'retrying' },
      final ? { state: 'failed', errors: [message], at: deps.clock.now().toISOString() } : null,
    );
    if (final) return;
    throw error;
  }
  const parked = steps.find((step) => step.parked !== undefined);
  if (parked?.parked !== undefined) {
    const state = parked.parked;
    const message = parked.error ?? parked.skipped ?? state;
    await record({ error: message, outcome: state }, { state, errors: [message] });
    return;
  }
  const errors = stepErrors(steps);
  await record(
    {
      answer: steps.length === 0 ? null : stepsAnswer(steps),
      error: errors.length === 0 ? null : errors.join('; ').slice(0, 2000),
      outcome: errors.length === 0 ? 'succeeded' : 'failed',
    },
    {
      state: errors.length === 0 ? 'processed' : 'failed',
      errors,
      at: deps.clock.now().toISOString(),
    },
  );
}

/** A process-event job: a replay carries its number (the job's key), a first run none. */
export type ProcessEventJobData = ProcessEventJob & { replay?: number };

/** The process-event job's handler: the stored event through `processor` (the CRM writers). */
export const processEventHandler =
  (deps: Deps, processor: EventProcessor, queue: JobQueue): JobHandler<ProcessEventJobData> =>
  (job) =>
    processStoredEvent(deps, processor, {
      logId: job.data.logId,
      attempt: job.attempt,
      lastAttempt: job.attempt > job.retryLimit,
      replay: job.data.replay !== undefined,
      queue,
    });

/** Processing events in a worker process, `concurrency` at a time (one event of a lead at a time: the queue's ordering key). */
export const processEventJobs = (
  deps: Deps,
  processor: EventProcessor,
  queue: JobQueue,
  concurrency: number,
): FeatureJobs => ({
  queues: [
    {
      name: PROCESS_EVENT,
      handler: handlerOf(processEventHandler(deps, processor, queue)),
      concurrency,
    },
  ],
});
