// shared/events: the platforms' webhook payloads — fixtures (the Send Test Webhook templates) and the
// normalisers into one internal event. No React, no Node built-ins: the api and the remotes both use it.
export * from './internal-event.js';
export { bodyHashKey, hash128, stableStringify } from './body-hash.js';
export * from './fixtures/index.js';
export * from './normalise/index.js';
export * from './test-template.js';
