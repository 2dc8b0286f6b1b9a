// shared/rules/blocklists: the rules of the block list forms (mfe-blocklists only). An entry of its own,
// not part of shared/rules: the shell loads shared/rules on every route, and these load only with the
// Block lists screen's forms. The rules the api checks too stay in shared/rules (block-list-payload).
export * from './block-list-form.js';
export * from './heyreach-list.js';
export * from './profile-url-fields.js';
