// The start command's check (e2e/start): run by .ci/run after `npm test`, apart from the browser tests
// because it starts the product the way the README does, on the checkout's own build.
module.exports = {
  ...require('./jest.config.cjs'),
  displayName: 'npm start',
  testMatch: ['<rootDir>/start/**/*.test.ts'],
};
