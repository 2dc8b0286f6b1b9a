import { HubSpotRefusal } from '../adapters/hubspot/writes.js';
import { ProviderError } from '../providers/provider-error.js';

/** One step of writing an event: done (`ok`), failed with the CRM's words (`error`), or not attempted (`skipped`, why). */
export interface WriteStep {
  name: string;
  ok: boolean;
  error?: string;
  skipped?: string;
  /** What was done: "updated 7000123, found by email". */
  detail?: string;
}

export interface WriteEventResult {
  steps: WriteStep[];
}

/**
 * A failure that ends the step but not the event: the CRM refused (validation, missing record, missing
 * scope) or answered something unreadable. Retryable provider failures (429 with retryAfterMs, 5xx,
 * time-outs) and a disconnected profile are thrown on, so the queue retries or parks the event.
 */
export function stepFailure(error: unknown): string {
  if (error instanceof HubSpotRefusal) return error.message;
  if (error instanceof ProviderError && !error.retryable) return error.message;
  throw error;
}

/** Runs one step: its result, or the failure as a failed step (retryable ones thrown). */
export async function runStep(
  name: string,
  run: () => Promise<Omit<WriteStep, 'name'>>,
): Promise<WriteStep> {
  try {
    return { name, ...(await run()) };
  } catch (error) {
    return { name, ok: false, error: stepFailure(error) };
  }
}

export const skipped = (name: string, reason: string): WriteStep => ({
  name,
  ok: true,
  skipped: reason,
});

/** A counter property's value as a number (0 when empty or unreadable). */
export const counted = (value: string | null | undefined): number => {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
};
