// shared/rules/logs: the rules of the History screens (mfe-logs only), an entry of its own so that
// they load with those screens and not on every route, as shared/rules does.
export * from './log-filters.js';
export * from './log-pages.js';
export * from './webhook-log-attempts.js';
export * from './webhook-log-replay.js';
