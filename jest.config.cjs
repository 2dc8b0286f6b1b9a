// Every package's unit, component and api tests; the browser tests have their own config (e2e/).
module.exports = {
  projects: ['shared', 'shell', 'mfe-connections', 'mfe-webhooks', 'mfe-blocklists', 'mfe-logs', 'api', 'sandbox'].map((dir) => `<rootDir>/${dir}`)
    // the api's tests again on PostgreSQL when a server is given (scripts/test.mjs finds one and sets it)
    .concat(process.env.TEST_POSTGRES_URL ? ['<rootDir>/api/jest.postgres.config.js'] : []),
  // A project's own testTimeout is ignored when jest runs several projects: this one applies to all.
  testTimeout: 30_000,
};
