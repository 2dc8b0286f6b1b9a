// shared/rules/webhooks: the rules of the webhook forms and dialogs (mfe-webhooks only). An entry of its
// own, not part of shared/rules: the shell loads shared/rules on every route, and these load only with
// the Webhooks screen. The rules the api checks too stay in shared/rules (webhook-payload).
export * from './webhook-endpoint-rows.js';
export * from './webhook-hubspot-form.js';
export * from './webhook-salesforce-fields.js';
export * from './webhook-salesforce-form.js';
export * from './webhook-secret-key.js';
export * from './webhook-update-form.js';
export * from './json-syntax.js';
