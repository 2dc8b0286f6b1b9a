// The sandbox's tests run as native ES modules (NODE_OPTIONS=--experimental-vm-modules), like the sandbox itself.
import { fileURLToPath } from 'node:url';
import preset from '../jest.preset.cjs';

/** @type {import('jest').Config} */
export default {
  ...preset.nodeEsmProject(fileURLToPath(new URL('.', import.meta.url))),
  testTimeout: 15_000,
};
