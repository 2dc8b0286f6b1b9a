import type { HubSpotConnection } from '../adapters/hubspot/request.js';
import { withFreshToken } from '../adapters/hubspot/session.js';
import { HUBSPOT_BATCH_MAX } from '../adapters/hubspot/batch-writes.js';
import { HubSpotRefusal, type HubSpotRecord } from '../adapters/hubspot/writes.js';
import { hubspotSlots } from '../providers/hubspot-limits.js';
import { waitForRateSlots } from '../providers/pacing.js';
import type { HubSpotRun } from './hubspot-run.js';

/** One input's outcome in a batch call: its record (null: a read found none), or its refusal. */
export type BatchedOutcome<R = HubSpotRecord | null> =
  { ok: true; record: R } | { ok: false; refusal: HubSpotRefusal };

/** What an event's call got, and how many events' inputs the call that got it carried (1: alone). */
export interface BatchedAnswer<R = HubSpotRecord | null> {
  record: R;
  carried: number;
}

/**
 * One kind of HubSpot call that several events' writes may share (issue 55): the single call, and the
 * batch call of HubSpot's batch API that does the same for up to 100 inputs.
 */
export interface BatchableCall<I, R = HubSpotRecord | null> {
  /** The calls that may share a batch: the endpoint and what every input of it must agree on. */
  kind: string;
  /** Whether `input` may join these in one call (HubSpot refuses the same record twice in one batch). */
  fits?: (input: I, pending: readonly I[]) => boolean;
  one(connection: HubSpotConnection, input: I): Promise<R>;
  many(connection: HubSpotConnection, inputs: readonly I[]): Promise<BatchedOutcome<R>[]>;
}

interface Waiter {
  input: unknown;
  resolve(answer: BatchedAnswer<unknown>): void;
  reject(error: unknown): void;
}

/** A batch still taking inputs: it waits for its turn of the account's rate limit meanwhile. */
export interface OpenHubSpotBatch {
  call: BatchableCall<unknown, unknown>;
  waiters: Waiter[];
}

/**
 * A HubSpot call of one event's write that waits for its turn of the account's rate limit together with
 * the same calls of other events of the account (the process's writers at work on its backlog): when
 * the turn comes, one call carries them all, by HubSpot's batch API when there are several (at most
 * 100; the 101st starts the next batch). An input HubSpot refuses inside a batch, or all of them when
 * it refuses the batch as a whole, is retried alone, so each event gets what its single call answers
 * (an event's key already used: found as an earlier run's record). A failure of the call itself (rate
 * limit, 5xx, time-out, disconnection) fails every event in it, for the queue to retry.
 */
export function batchedHubSpotCall<I, R>(
  run: HubSpotRun,
  call: BatchableCall<I, R>,
  input: I,
): Promise<BatchedAnswer<R>> {
  const batches = run.deps.state.hubspotBatches;
  const key = `${run.profile.id}:${call.kind}`;
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      input,
      resolve: (answer) => resolve(answer as BatchedAnswer<R>),
      reject,
    };
    const open = batches.get(key);
    const pending = open?.waiters.map((one) => one.input as I) ?? [];
    if (open && pending.length < HUBSPOT_BATCH_MAX && (call.fits?.(input, pending) ?? true)) {
      open.waiters.push(waiter);
      return;
    }
    const batch: OpenHubSpotBatch = {
      call: call as BatchableCall<unknown, unknown>,
      waiters: [waiter],
    };
    batches.set(key, batch);
    // a waiter already answered ignores a second answer: an unforeseen failure still answers the rest
    sendWhenDue(run, key, batch).catch((error: unknown) => {
      for (const one of batch.waiters) one.reject(error);
    });
  });
}

async function sendWhenDue(run: HubSpotRun, key: string, batch: OpenHubSpotBatch): Promise<void> {
  const { deps, profile } = run;
  const close = () => {
    if (deps.state.hubspotBatches.get(key) === batch) deps.state.hubspotBatches.delete(key);
  };
  const { call, waiters } = batch;
  try {
    await waitForRateSlots(deps, 'HubSpot', hubspotSlots(profile.organizationId, 'request'));
  } catch (error) {
    close();
    for (const waiter of waiters) waiter.reject(error);
    return;
  }
  close();
  const alone = (waiter: Waiter, first = false) =>
    (first
      ? withFreshToken(deps, profile, (connection) => call.one(connection, waiter.input))
      : run.call((connection) => call.one(connection, waiter.input))
    ).then((record) => waiter.resolve({ record, carried: 1 }), waiter.reject);
  if (waiters.length === 1) return alone(waiters[0]!, true);
  let outcomes: BatchedOutcome<unknown>[];
  try {
    outcomes = await withFreshToken(deps, profile, (connection) =>
      call.many(
        connection,
        waiters.map((waiter) => waiter.input),
      ),
    );
  } catch (error) {
    if (!(error instanceof HubSpotRefusal)) {
      for (const waiter of waiters) waiter.reject(error);
      return;
    }
    await Promise.all(waiters.map((waiter) => alone(waiter)));
    return;
  }
  await Promise.all(
    waiters.map((waiter, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) return waiter.resolve({ record: outcome.record, carried: waiters.length });
      return alone(waiter);
    }),
  );
}
