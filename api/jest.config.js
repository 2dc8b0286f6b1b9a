// The api's tests run as native ES modules (NODE_OPTIONS=--experimental-vm-modules), like the api itself.
import { fileURLToPath } from 'node:url';
import preset from '../jest.preset.cjs';

const sharedSrc = fileURLToPath(new URL('../shared/src/', import.meta.url));
const project = preset.nodeEsmProject(fileURLToPath(new URL('.', import.meta.url)));

/** @type {import('jest').Config} */
export default {
  ...project,
  moduleNameMapper: {
    // shared/<subpath> is read from source, so the tests never need a build of shared.
    '^shared/(contract|rules|events)$': `${sharedSrc}$1/index.ts`,
    ...project.moduleNameMapper,
  },
  testTimeout: 30_000,
};
