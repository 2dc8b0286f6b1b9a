// The sandbox's tests run as native ES modules (NODE_OPTIONS=--experimental-vm-modules), like the sandbox itself.
import { fileURLToPath } from 'node:url';

/** @type {import('jest').Config} */
export default {
  displayName: 'sandbox',
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
    // See test/support/cookie-stub.cjs: light-my-request's ESM-only cookie@2 cannot be required under jest.
    '^cookie$': fileURLToPath(new URL('./test/support/cookie-stub.cjs', import.meta.url)),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 15_000,
};
