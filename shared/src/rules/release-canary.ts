import { CANARY_PERCENT_MESSAGE, canaryPercent } from '../contract/index.js';
import type { FormProblem } from './form.js';

/**
 * The percentage of users a canary form's text gives, or the contract's message when it is not a
 * whole number from 1 to 99 (digits only: "1e1" or "0x10" are not what the user meant).
 */
export function canaryPercentOf(text: string): { percent: number } | FormProblem<'percent'> {
  const trimmed = text.trim();
  const result = canaryPercent.safeParse(/^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN);
  return result.success
    ? { percent: result.data }
    : { field: 'percent', message: CANARY_PERCENT_MESSAGE };
}
