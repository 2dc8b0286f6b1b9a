import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HoldingProxy {
  /** http://127.0.0.1:<port>: give it as SANDBOX_URL to the process whose calls are held. */
  url: string;
  /** Requests received and not answered yet. */
  held(): number;
  /** Requests received so far. */
  received(): number;
  /** Forwards the held requests and every later one at once. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A proxy in front of `target` that holds every request until release(): a test sees a process
 * with a provider call in hand (a job mid-run) and chooses when the call answers.
 */
export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const waiting: (() => void)[] = [];
  let released = false;
  let held = 0;
  let received = 0;
  const server = http.createServer((request, response) => {
    received++;
    const forward = (): void => {
      const upstream = http.request(
        new URL(request.url ?? '/', target),
        { method: request.method, headers: { ...request.headers, host: new URL(target).host } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    };
    if (released) return forward();
    held++;
    request.pause();
    waiting.push(() => {
      held--;
      request.resume();
      forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => held,
    received: () => received,
    release() {
      released = true;
      for (const go of waiting.splice(0)) go();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
