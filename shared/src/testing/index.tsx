export * from './fixtures.js';
export * from './fake-api.js';
export * from './render-with-host.js';
export * from './intersection-observer.js';
export * from './table-queries.js';
