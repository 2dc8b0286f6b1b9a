// Free ports and waiting for a server. Plain CommonJS: the start command's check
// (e2e/start/start-command.test.mjs) runs before anything is installed or compiled, and uses the
// same helpers as the browser tests.
const net = require('node:net');

/** @returns {Promise<number>} a port nothing listens on at the moment */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `check` until it holds; throws after `timeoutMs`, or at once with the reason `giveUp` gives
 * (e.g. the process it waits for has exited).
 */
async function waitFor(check, what, timeoutMs = 30_000, giveUp = () => undefined) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = giveUp();
    if (reason !== undefined) throw new Error(`Gave up waiting for ${what}: ${reason}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

module.exports = { freePort, waitFor };
