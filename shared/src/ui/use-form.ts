import { useReducer } from 'react';
import type { FormRules } from '../rules/form.js';
import { validationToast } from '../rules/toast.js';
import { useHost } from './host-context.js';

/**
 * A form run by its rules (shared/rules): the state, `dispatch` for the inputs, and `check`, which
 * shows the first problem as a Validation warning (spec §5; none for a silent one) and answers null,
 * or answers the payload to send.
 */
export function useForm<State, Change, Payload, Field extends string>(
  rules: FormRules<State, Change, Payload, Field>,
  initial: State,
) {
  const { notify } = useHost();
  const [state, dispatch] = useReducer(rules.apply, initial);
  const check = (): Payload | null => {
    const problem = rules.problem(state);
    if (!problem) return rules.toPayload(state);
    if (!problem.silent) notify(validationToast(problem.message));
    return null;
  };
  return { state, dispatch, check };
}
