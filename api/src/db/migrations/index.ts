import type { Migration } from 'kysely';
import * as m001 from './001_initial.js';
import * as m002 from './002_identity_provider_models.js';

/** Every migration, in order. Listed in code (not read from disk) so they run the same from src and dist. */
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_identity_provider_models': m002,
};
