// jsdom without fetch: hand the test window Node's own fetch, Response and friends, so components
// call a fake api at the HTTP boundary exactly as they call the real one.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'BroadcastChannel',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode)
      if (this.global[name] === undefined && globalThis[name] !== undefined)
        this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
