export * from './roles.js';
export * from './toast.js';
export * from './users.js';
export * from './lead-categories.js';
