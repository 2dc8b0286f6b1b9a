export * from './roles.js';
export * from './toast.js';
export * from './users.js';
export * from './lead-categories.js';
export * from './custom-task-subject.js';
export * from './webhook-endpoint-form.js';
export * from './webhook-payload.js';
export * from './block-list-payload.js';
