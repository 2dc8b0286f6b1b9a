// Jest settings the packages share: jsdomProject for the browser-side ones (swc for TS/TSX, jsdom with
// the shims, `shared/<subpath>` read from source so tests never need a build), nodeEsmProject for the
// servers (api, sandbox).
const { createRequire } = require('node:module');
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @param {string} dir the package folder */
exports.jsdomProject = (dir) => ({
  displayName: path.basename(dir),
  rootDir: dir,
  testEnvironment: path.join(__dirname, 'shared/src/testing/jsdom-environment.cjs'),
  testEnvironmentOptions: { customExportConditions: ['require', 'default'] },
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!.pnpm)',
    '/node_modules/.pnpm/(?!(@module-federation|@ark-ui|@zag-js|@chakra-ui)\\+)',
  ],
  moduleNameMapper: {
    '^shared/(contract|client|host|rules|events|ui)$': path.join(
      __dirname,
      'shared/src/$1/index.ts',
    ),
    '^shared/rules/(webhooks|logs|blocklists)$': path.join(__dirname, 'shared/src/rules/$1.ts'),
    '^shared/testing$': path.join(__dirname, 'shared/src/testing/index.tsx'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.(svg|png)$': path.join(__dirname, 'shared/src/testing/file-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'shared/src/testing/setup-jsdom.ts')],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
});

/**
 * light-my-request (behind fastify's inject) requires cookie@2, which is ESM-only: Node 20 can require() it,
 * jest's module runtime cannot. Every `cookie` is read as the CommonJS cookie@1 that the api's
 * @fastify/cookie uses; inject only needs it for its `cookies` option, which the tests do not use (they
 * send a Cookie header).
 */
function commonJsCookie() {
  const fromApi = createRequire(path.join(__dirname, 'api/package.json'));
  return createRequire(fromApi.resolve('@fastify/cookie')).resolve('cookie');
}

/**
 * @param {string} dir the package folder
 * Tests run as native ES modules (NODE_OPTIONS=--experimental-vm-modules), like the servers themselves.
 */
exports.nodeEsmProject = (dir) => ({
  displayName: path.basename(dir),
  rootDir: dir,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } },
    ],
  },
  moduleNameMapper: {
    '^cookie$': commonJsCookie(),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
});
