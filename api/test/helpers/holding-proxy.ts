import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Which requests a HoldingProxy holds, and where: before they reach the target ('request': the
 * process waits for a call the provider has not seen), or once the target answered ('answer': the
 * provider did the work, and its answer is never given, as when the process dies meanwhile).
 */
export interface HoldRule {
  at: 'request' | 'answer';
  matches(method: string, path: string): boolean;
}

export interface HoldingProxy {
  /** http://127.0.0.1:<port>: give it as SANDBOX_URL to the process whose calls are held. */
  url: string;
  /** Requests held and not answered yet. */
  held(): number;
  /** Requests received so far. */
  received(): number;
  /** Holds what `rule` matches from now on (null: nothing). */
  hold(rule: HoldRule | null): void;
  /** Holds nothing more, and forwards the requests held before the target. */
  release(): void;
  close(): Promise<void>;
}

const everything: HoldRule = { at: 'request', matches: () => true };

/**
 * A proxy in front of `target` that holds the requests `rule` matches (by default every request,
 * until release()): a test sees a process with a provider call in hand (a job mid-run) and chooses
 * when, or whether, the call answers.
 */
export async function startHoldingProxy(
  target: string,
  initial: HoldRule | null = everything,
): Promise<HoldingProxy> {
  let rule = initial;
  const waiting: (() => void)[] = [];
  const unanswered = new Set<http.ServerResponse>();
  let received = 0;
  const server = http.createServer((request, response) => {
    received++;
    // a held call whose process died is no longer waiting for anything
    response.on('close', () => unanswered.delete(response));
    const holding = rule?.matches(request.method ?? 'GET', request.url ?? '/') ? rule.at : null;
    const forward = (): void => {
      const upstream = http.request(
        new URL(request.url ?? '/', target),
        { method: request.method, headers: { ...request.headers, host: new URL(target).host } },
        (answer) => {
          if (holding === 'answer') {
            answer.resume();
            unanswered.add(response);
            return;
          }
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    };
    if (holding !== 'request') return forward();
    request.pause();
    unanswered.add(response);
    waiting.push(() => {
      unanswered.delete(response);
      request.resume();
      forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => unanswered.size,
    received: () => received,
    hold(next) {
      rule = next;
    },
    release() {
      rule = null;
      for (const go of waiting.splice(0)) go();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of unanswered) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
