import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  /** http://127.0.0.1:<port>: the PUBLIC_URL of the apis behind it. */
  origin: string;
  port: number;
  /** Sends the next requests to this origin. */
  sendTo(origin: string): void;
  /** Requests forwarded to each origin so far. */
  forwarded: Map<string, number>;
  close(): Promise<void>;
}

/** A load balancer in front of several apis, forwarding each request to the one the test chose. */
export async function startBalancer(): Promise<Balancer> {
  let target: string | undefined;
  const forwarded = new Map<string, number>();
  const server = http.createServer((request, response) => {
    if (target === undefined) return void response.writeHead(503).end();
    forwarded.set(target, (forwarded.get(target) ?? 0) + 1);
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    sendTo: (origin) => void (target = origin),
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
