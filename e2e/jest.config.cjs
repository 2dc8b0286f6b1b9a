// Browser tests: real Chromium against the real stack (api + shell + four remotes) on free ports.
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // shared/events (the platforms' event fixtures) read from source, as the other packages' tests do
  moduleNameMapper: {
    '^shared/events$': '<rootDir>/../shared/src/events/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  testTimeout: 60_000,
};
