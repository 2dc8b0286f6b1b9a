// light-my-request (behind app.inject) requires cookie@2, which is ESM-only: Node 20 can require() it,
// jest's module runtime cannot. inject only uses it for its `cookies` option, which these tests never pass.
'use strict';

function unsupported() {
  throw new Error('The sandbox tests do not use inject({ cookies }); send a Cookie header instead.');
}

module.exports = { stringifySetCookie: unsupported, serialize: unsupported, parse: unsupported };
