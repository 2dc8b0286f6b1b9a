// The api's tests run as native ES modules (NODE_OPTIONS=--experimental-vm-modules), like the api itself.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const sharedSrc = fileURLToPath(new URL('../shared/src/', import.meta.url));

// light-my-request (behind app.inject) requires cookie@2, which is ESM-only: Node 20 can require() it,
// jest's module runtime cannot. Every `cookie` is read as the CommonJS cookie@1 that @fastify/cookie uses;
// inject only needs it for its `cookies` option, which the tests do not use (they send a Cookie header).
const requireFromFastifyCookie = createRequire(createRequire(import.meta.url).resolve('@fastify/cookie'));
const cookieCommonJs = requireFromFastifyCookie.resolve('cookie');

/** @type {import('jest').Config} */
export default {
  displayName: 'api',
  rootDir: fileURLToPath(new URL('.', import.meta.url)),
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } },
    ],
  },
  moduleNameMapper: {
    // shared/<subpath> is read from source, so the tests never need a build of shared.
    '^shared/(contract|rules)$': `${sharedSrc}$1/index.ts`,
    '^cookie$': cookieCommonJs,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30_000,
};
