import { DEMO_PASSWORD } from '../db/seed-data.js';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/** What is wrong with a new password, or undefined when it will do. */
export function newPasswordProblem(password: string, confirmation: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password can have at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password === DEMO_PASSWORD) return 'That is the public demo password: choose another.';
  if (password !== confirmation) return 'The two passwords differ.';
  return undefined;
}
