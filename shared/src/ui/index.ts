export * from './theme.js';
export * from './host-context.js';
export * from './host-router.js';
export * from './remote-providers.js';
export * from './screen-heading.js';
export * from './standalone.js';
