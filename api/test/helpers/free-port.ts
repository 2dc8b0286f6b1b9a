import { once } from 'node:events';
import net from 'node:net';

/** A port of 127.0.0.1 free a moment ago: whoever listens on it next may lose it to another process first. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
