// Every package's unit, component and api tests; the browser tests have their own config (e2e/).
const fs = require('node:fs');
const path = require('node:path');
const { jsdomProject } = require('./jest.preset.cjs');

// a remote (mfe-*) brings no jest config of its own: it is a jsdom project like the shell
const remotes = fs
  .readdirSync(__dirname)
  .filter(
    (dir) => dir.startsWith('mfe-') && fs.existsSync(path.join(__dirname, dir, 'package.json')),
  );

module.exports = {
  projects: [
    ...['shared', 'shell'].map((dir) => `<rootDir>/${dir}`),
    ...remotes.map((dir) => jsdomProject(path.join(__dirname, dir))),
    ...['api', 'sandbox'].map((dir) => `<rootDir>/${dir}`),
  ]
    // the api's tests again on PostgreSQL when a server is given (scripts/test.mjs finds one and sets it)
    .concat(process.env.TEST_POSTGRES_URL ? ['<rootDir>/api/jest.postgres.config.js'] : []),
  // A project's own testTimeout is ignored when jest runs several projects: this one applies to all.
  testTimeout: 30_000,
  // a worker that has grown past this after a test file is replaced: what a file leaves reachable
  // (a handle still open keeps its whole module registry) otherwise piles up until the heap's limit,
  // where every later file crawls in garbage collection and its set-up times out
  workerIdleMemoryLimit: '1536MB',
};
