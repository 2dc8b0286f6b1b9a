import { serverMessage } from '../client/api-error.js';
import { heyReachListCreate, type HeyReachListCreated } from '../contract/index.js';
import { isUnauthorized } from './failure-toast.js';
import { firstIssue, type FormProblem } from './form.js';
import { errorToast, type ToastMessage } from './toast.js';

/** spec §8 "heyreach list creation failure". */
export const heyReachListTexts = {
  failed: 'Failed to create list',
  failedBecause: 'Failed to create list: ',
} as const;

/** spec §5 "A new heyreach list name must be non-blank": the contract's own check and message. */
export const heyReachListNameProblem = (listName: string): FormProblem<'listName'> | null =>
  firstIssue(heyReachListCreate.safeParse({ listName }));

/** The new list's id, or why HeyReach did not make it: its error text, or "Failed to create list" (spec §8). */
export function heyReachListCreatedResult(
  answer: HeyReachListCreated,
): { id: number } | { failure: ToastMessage } {
  if (answer.success && answer.listId !== null) return { id: answer.listId };
  return { failure: errorToast(answer.error?.trim() || heyReachListTexts.failed) };
}

/** A call that failed: the server's error text, or "Failed to create list: " and the reason (spec §8); none for a 401. */
export function heyReachListCreateFailure(error: unknown): ToastMessage | null {
  if (isUnauthorized(error)) return null;
  const reason = error instanceof Error && error.message ? error.message : String(error);
  return errorToast(serverMessage(error) ?? `${heyReachListTexts.failedBecause}${reason}`);
}
