import type { z } from 'zod';

/** The first thing wrong with a form: the field and the spec's message. A silent one stops the submit without a toast. */
export interface FormProblem<F extends string> {
  field: F;
  message: string;
  silent?: true;
}

/** A change of one field to a new value: what an input dispatches. */
export type FieldChange<S> = { [K in keyof S]-?: { field: K; value: S[K] } }[keyof S];

export const withField = <S>(state: S, change: FieldChange<S>): S => ({
  ...state,
  [change.field]: change.value,
});

export const isFieldChange = <S, C extends object>(
  change: FieldChange<S> | C,
): change is FieldChange<S> => 'field' in change;

/**
 * One form's rules, pure (design.md "Rules are code"): `apply` is the reducer (a field change and the
 * resets it brings, spec §4), `problem` the first message of spec §5 or null, `toPayload` the request
 * of a state without a problem. Components render the state and dispatch changes; the api calls the
 * same `problem` where it checks the same rule.
 */
export interface FormRules<State, Change, Payload, Field extends string> {
  apply: (state: State, change: Change) => State;
  problem: (state: State) => FormProblem<Field> | null;
  toPayload: (state: State) => Payload;
}

/** The first issue of a contract schema as a form problem: the schema's own message, so form and api say the same. */
export function firstIssue<F extends string>(
  result: z.ZodSafeParseResult<unknown>,
): FormProblem<F> | null {
  if (result.success) return null;
  const [issue] = result.error.issues;
  return issue ? { field: String(issue.path[0] ?? '') as F, message: issue.message } : null;
}
