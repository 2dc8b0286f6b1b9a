import { z } from 'zod';
import type { ProcessStep, WebhookEventStateName, WebhookLogAttempt } from '../contract/index.js';

/** Why the event panel lists no processing run: not yet (waiting its turn), or never (a post the receiver could not take as an event). */
export function noAttemptsText(state: WebhookEventStateName): string {
  switch (state) {
    case 'invalid':
      return 'Not processed: the body is not an event (see the error above).';
    case 'failed':
      return 'Not processed: no event could be read from the body (see the error above).';
    case 'refused':
      return 'Not processed: the webhook refused it (see the error above).';
    default:
      return 'Not processed yet.';
  }
}

const processStep = z.object({
  name: z.string(),
  ok: z.boolean(),
  error: z.string().optional(),
  skipped: z.string().optional(),
  detail: z.string().optional(),
}) satisfies z.ZodType<ProcessStep>;
const processSteps = z.array(processStep);

/** The steps a process attempt's answer lists, or null when it lists none that can be read (a delivery's answer, an older or cut answer). */
export function processStepsOf(
  attempt: Pick<WebhookLogAttempt, 'kind' | 'answer'>,
): ProcessStep[] | null {
  if (attempt.kind !== 'process' || attempt.answer === null) return null;
  try {
    const steps = processSteps.safeParse(JSON.parse(attempt.answer));
    return steps.success && steps.data.length > 0 ? steps.data : null;
  } catch {
    return null;
  }
}

/** One step as the event panel lists it: what it did, why it did nothing, or that it failed (its error has a column of its own). */
export function processStepLine(step: ProcessStep): string {
  if (!step.ok) return `${step.name}: failed`;
  if (step.skipped !== undefined) return `${step.name}: skipped, ${step.skipped}`;
  return `${step.name}: ${step.detail ?? 'done'}`;
}
