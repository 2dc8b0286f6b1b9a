// The api's tests run as native ES modules (NODE_OPTIONS=--experimental-vm-modules), like the api itself.
import { fileURLToPath } from 'node:url';

const sharedSrc = fileURLToPath(new URL('../shared/src/', import.meta.url));

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
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30_000,
};
