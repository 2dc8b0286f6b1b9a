/**
 * The host contract's version (issue 57): a new optional member is a minor step, a change that a
 * remote built before cannot take is a major one. The shell gives this version; a remote states the
 * range it needs, which is the caret range of the version it was built with.
 */
export const HOST_CONTRACT_VERSION = '1.0.0';
export const HOST_CONTRACT_RANGE = `^${HOST_CONTRACT_VERSION}`;

// the rule lives in the contract, where the api's release gate reads it too
export { hostContractMeets } from '../contract/host-contract-range.js';
