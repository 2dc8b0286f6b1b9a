import type { Migration } from 'kysely';
import * as m001 from './001_initial.js';

/** Every migration, in order. Listed in code (not read from disk) so they run the same from src and dist. */
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
};
