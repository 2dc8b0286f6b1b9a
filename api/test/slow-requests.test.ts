import { once } from 'node:events';
import net from 'node:net';
import { startListeningApp } from './helpers/listening-app.js';

describe('slow requests', () => {
  it('set request and connection time-outs of 30 s by default', async () => {
    const server = await startListeningApp();
    try {
      expect(server.app.server.requestTimeout).toBe(30_000);
      expect(server.app.server.timeout).toBe(30_000);
    } finally {
      await server.close();
    }
  });

  it('close a connection that trickles its request past the time-out', async () => {
    const server = await startListeningApp({ CONNECTION_TIMEOUT_MS: '300' });
    try {
      const { port } = new URL(server.origin);
      const socket = net.connect(Number(port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        'POST /webhooks/abc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
      );
      const started = Date.now();
      socket.resume();
      // the server may close with a reset (the unread body): either way the connection ends
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('close', resolve));
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await server.close();
    }
  });
});
