import type { ProcessStep } from 'shared/contract';
import type { InternalEvent } from 'shared/events';
import type { Deps } from '../deps.js';
import { ANSWER_RECORD_CHARS } from '../forwarding/index.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { errorText, isPermanent, isRateLimited } from '../jobs/job-errors.js';
import {
  findWebhookEvent,
  recordProcessAttempt,
  type EventRowChange,
  type StoredEvent,
} from '../repositories/webhook-events.js';

/** One thing processing did with an event (a CRM write, a hold by the category filter, …): the attempt's answer lists them (the contract's ProcessStep). */
export interface EventStep extends ProcessStep {
  /**
   * The event is set aside, not processed: 'waiting' for its CRM profile to be connected again, 'held'
   * by the category-based filter. The row keeps that state with `error` as its message, stays
   * unprocessed, and a later job (a reconnection, a release) runs it again.
   */
  parked?: 'waiting' | 'held';
}

/**
 * What processing an event does beyond the receiver: the CRM writers plug in here. A thrown error is
 * a failure worth retrying (a provider's 429 or 5xx, a time-out); a step with ok false is one that
 * retrying cannot fix.
 */
export type EventProcessor = (
  deps: Deps,
  input: { stored: StoredEvent; event: InternalEvent; queue?: JobQueue },
) => Promise<EventStep[]>;

/** Until the CRM writers arrive an event is processed by being received and normalised: nothing more to do. */
export const receiveOnly: EventProcessor = async () => [];

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
