export * from './api-error.js';
export * from './create-api-client.js';
export * from './query-keys.js';
export * from './api-client-context.js';
export * from './operation-hooks.js';
