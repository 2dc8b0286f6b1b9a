export * from './errors.js';
export * from './define-operations.js';
export * from './paths.js';
export * from './current-user.js';
export * from './users.js';
export * from './remotes.js';
export * from './operations.js';
