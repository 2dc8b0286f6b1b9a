import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInHit {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type StandInHandler = (hit: StandInHit, response: http.ServerResponse) => void;

export interface StandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Every request received, in order. */
  hits: StandInHit[];
  /** Answers by path prefix (the longest match wins); anything else is 404. */
  route(prefix: string, handler: StandInHandler): void;
  close(): Promise<void>;
}

/** A local HTTP server on 127.0.0.1 standing in for a provider, or for an internal service that must never be reached. */
export async function startStandIn(): Promise<StandIn> {
  const routes = new Map<string, StandInHandler>();
  const hits: StandInHit[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hit: StandInHit = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      hits.push(hit);
      const prefix = [...routes.keys()]
        .filter((candidate) => hit.url.startsWith(candidate))
        .sort((a, b) => b.length - a.length)[0];
      const handler = prefix === undefined ? undefined : routes.get(prefix);
      if (handler) handler(hit, response);
      else
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"message":"not found"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    route: (prefix, handler) => void routes.set(prefix, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON. */
export const answerJson =
  (status: number, body: unknown): StandInHandler =>
  (_hit, response) =>
    void response
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify(body));

/** Answers a redirect. */
export const redirectTo =
  (location: string, status = 302): StandInHandler =>
  (_hit, response) =>
    void response.writeHead(status, { location }).end();

/**
 * Streams `bytes` of JSON-looking text in 64 KB chunks, without a content-length; `finished` tells
 * whether the whole answer was written (false when the reader hung up first).
 */
export function hugeAnswer(bytes: number): {
  handler: StandInHandler;
  finished: () => boolean | undefined;
} {
  let finished: boolean | undefined;
  const handler: StandInHandler = (_hit, response) => {
    finished = false;
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    const pump = (): void => {
      while (written < bytes) {
        written += chunk.length;
        if (!response.write(chunk)) {
          response.once('drain', pump);
          return;
        }
      }
      response.end(() => {
        finished = true;
      });
    };
    response.on('close', () => {
      if (written < bytes) finished = false;
    });
    pump();
  };
  return { handler, finished: () => finished };
}
