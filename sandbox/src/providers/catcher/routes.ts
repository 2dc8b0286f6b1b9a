import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { bodyTextLimit, record, type CatcherState, type Delivery } from './state.js';

const kept = new WeakMap<FastifyRequest, Delivery>();

/** The answers only an injected fault gives here (the route itself always answers 200). */
const faultOutcomes: Record<number, string> = {
  429: 'fault:429',
  500: 'fault:500',
  410: 'fault:410',
  504: 'fault:hang',
};

function headersOf(request: FastifyRequest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(', ') : String(value ?? ''),
    ]),
  );
}

function parseJson(text: string): { json?: unknown } {
  try {
    return text === '' ? {} : { json: JSON.parse(text) as unknown };
  } catch {
    return {};
  }
}

/**
 * Any method on /catcher/{name}[/…] is recorded — before the sandbox's fault gate answers, so attempts
 * that get an injected 429, 500, 410 or hang show too — and answered 200 `{received: true, seq}`.
 */
export function catcherRoutes(app: FastifyInstance, ctx: ProviderContext<CatcherState>): void {
  // the body stays the exact text that arrived: a signature is checked over those bytes
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: 10 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.addHook('preValidation', async (request) => {
    const [, , name = '', ...rest] = (request.url.split('?')[0] ?? '').split('/');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const text = typeof request.body === 'string' ? request.body : '';
    const delivery = record(ctx.state, {
      at: new Date(ctx.now()).toISOString(),
      name: decodeURIComponent(name),
      method: request.method,
      path: (rest.length > 0 ? `/${rest.join('/')}` : '') + query,
      headers: headersOf(request),
      bodyText: text.slice(0, bodyTextLimit),
      bodyTruncated: text.length > bodyTextLimit,
      ...parseJson(text),
    });
    kept.set(request, delivery);
  });

  app.addHook('onResponse', async (request, reply) => {
    const delivery = kept.get(request);
    if (delivery === undefined) return;
    delivery.status = reply.statusCode;
    delivery.outcome ??= faultOutcomes[reply.statusCode] ?? `error:${reply.statusCode}`;
  });

  const answer = async (request: FastifyRequest) => {
    const delivery = kept.get(request);
    if (delivery !== undefined) delivery.outcome = 'received';
    return { received: true, seq: delivery?.seq };
  };
  const bodyLimit = 10 * 1024 * 1024;
  app.all('/:name', { bodyLimit }, answer);
  app.all('/:name/*', { bodyLimit }, answer);
}
