export { deliverOnce, ANSWER_RECORD_CHARS } from './deliver.js';
export { classifyAttempt } from './outcome.js';
export { DEFAULT_RETRY_SCHEDULE, nextDeliveryDelayMs, parseRetrySchedule } from './schedule.js';
export { DEFAULT_FORWARD_TIMEOUT_MS, forwardingConfigVariables, loadForwardingSettings } from './settings.js';
export { generateEndpointSecret, signedHeaders } from './signing.js';
//# sourceMappingURL=index.js.map