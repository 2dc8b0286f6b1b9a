export { deliverOnce, type AttemptRecord, type Delivery, type DeliveryOptions } from './deliver.js';
export { classifyAttempt, type AttemptResult, type DeliveryOutcome } from './outcome.js';
export {
  DEFAULT_RETRY_SCHEDULE,
  nextDeliveryDelayMs,
  parseRetrySchedule,
  type NextDelayInput,
} from './schedule.js';
export {
  DEFAULT_FORWARD_TIMEOUT_MS,
  forwardingConfigVariables,
  loadForwardingSettings,
  type ForwardingSettings,
} from './settings.js';
export { generateEndpointSecret, signedHeaders, type SignedMessage } from './signing.js';
