// Jest settings every browser-side package uses: swc for TS/TSX, jsdom with the shims, and
// `shared/<subpath>` read from source so tests never need a build.
const path = require('node:path');

const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];

/** @param {string} dir the package folder */
exports.jsdomProject = (dir) => ({
  displayName: path.basename(dir),
  rootDir: dir,
  testEnvironment: path.join(__dirname, 'shared/src/testing/jsdom-environment.cjs'),
  testEnvironmentOptions: { customExportConditions: ['require', 'default'] },
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!.pnpm)', '/node_modules/.pnpm/(?!(@module-federation|@ark-ui|@zag-js|@chakra-ui)\\+)'],
  moduleNameMapper: {
    '^shared/(contract|client|host|rules|ui)$': path.join(__dirname, 'shared/src/$1/index.ts'),
    '^shared/testing$': path.join(__dirname, 'shared/src/testing/index.tsx'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.(svg|png)$': path.join(__dirname, 'shared/src/testing/file-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'shared/src/testing/setup-jsdom.ts')],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
});
