export * from './api-error.js';
export * from './create-api-client.js';
