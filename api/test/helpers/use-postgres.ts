// setupFiles of jest.postgres.config.js: every test file of that project runs on PostgreSQL.
process.env.TEST_DATABASE = 'postgres';
