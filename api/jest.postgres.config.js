// The api's tests again, on PostgreSQL: createTestApp gives every test file a fresh database on the
// server at TEST_POSTGRES_URL (a role with CREATEDB) and drops it afterwards. scripts/test.mjs finds or
// reports the server; .ci/run installs and starts one.
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  displayName: 'api (postgres)',
  setupFiles: [...(base.setupFiles ?? []), '<rootDir>/test/helpers/use-postgres.ts'],
};
