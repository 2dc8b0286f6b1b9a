import type { FastifyInstance } from 'fastify';
import { escapeHtml, page } from './html.js';
import type { OverviewSection } from './provider.js';
import type { SandboxRuntime } from './runtime.js';

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return `<pre>${escapeHtml(JSON.stringify(value))}</pre>`;
  return escapeHtml(value);
}

function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '<p class="muted">None.</p>';
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const head = columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${columns.map((column) => `<td>${cell(row[column])}</td>`).join('')}</tr>`)
    .join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function section(overview: OverviewSection): string {
  const count =
    overview.total !== undefined && overview.total !== overview.rows.length
      ? ` (${overview.rows.length} of ${overview.total} shown)`
      : ` (${overview.rows.length})`;
  return `<h3>${escapeHtml(overview.title)}${count}</h3>${table(overview.rows)}`;
}

/**
 * The inspection API (JSON under /_sandbox) and a plain HTML page at / showing, per provider, what it
 * received and what it holds now.
 */
export function registerInspectRoutes(app: FastifyInstance, runtime: SandboxRuntime): void {
  const unknown = (name: string) => ({
    message: `Unknown provider "${name}". Known: ${runtime.providerNames.join(', ')}`,
  });

  app.get('/_sandbox/health', async () => ({ status: 'ok', providers: runtime.providerNames }));

  app.get('/_sandbox/state', async () => ({
    providers: Object.fromEntries(
      runtime.providerNames.map((name) => [
        name,
        runtime
          .definition(name)
          .overview(runtime.state(name))
          .map((overview: OverviewSection) => ({
            title: overview.title,
            total: overview.total ?? overview.rows.length,
          })),
      ]),
    ),
  }));

  app.get<{ Params: { provider: string } }>('/_sandbox/state/:provider', async (request, reply) => {
    const { provider } = request.params;
    if (!runtime.has(provider)) return reply.code(404).send(unknown(provider));
    return runtime.definition(provider).inspect(runtime.state(provider));
  });

  app.get<{ Querystring: { provider?: string; limit?: string } }>(
    '/_sandbox/requests',
    async (request, reply) => {
      const { provider } = request.query;
      const limit = Math.max(
        1,
        Number(request.query.limit ?? runtime.config.requestLogLimit) ||
          runtime.config.requestLogLimit,
      );
      if (provider !== undefined && !runtime.has(provider))
        return reply.code(404).send(unknown(provider));
      const names = provider === undefined ? runtime.providerNames : [provider];
      const requests = names
        .flatMap((name) =>
          runtime
            .log(name)
            .list(limit)
            .map((entry) => ({ provider: name, ...entry })),
        )
        .sort((a, b) => b.at.localeCompare(a.at) || b.seq - a.seq)
        .slice(0, limit);
      return { requests };
    },
  );

  app.get('/', async (_request, reply) => {
    const providers = runtime.providerNames.map((name) => {
      const definition = runtime.definition(name);
      const limits = runtime.limiter.describe(name);
      const credentials = Object.entries(definition.credentials(runtime.config)).map(
        ([label, value]) => ({ credential: label, value }),
      );
      return `<h2 id="${escapeHtml(name)}">${escapeHtml(definition.title)}</h2>
<p>Stands in for <code>${escapeHtml(definition.realBaseUrl)}</code> at <code>${escapeHtml(runtime.config.publicUrl + definition.prefix)}</code>.
Requests received: ${runtime.log(name).total}. Rate limits ${limits.enabled ? '<strong>enforced</strong>' : 'off'}.
<a href="/_sandbox/state/${escapeHtml(name)}">Full state as JSON</a> · <a href="/_sandbox/requests?provider=${escapeHtml(name)}">requests as JSON</a></p>
${table(credentials)}
${definition.overview(runtime.state(name)).map(section).join('')}
<h3>Active faults</h3>${table(runtime.faults.list(name).map((fault) => ({ ...fault })))}
<h3>Last requests</h3>${table(
        runtime
          .log(name)
          .list(15)
          .map(({ at, method, url, status, outcome, body }) => ({
            at,
            method,
            url,
            status,
            outcome,
            body,
          })),
      )}`;
    });
    const nav = runtime.providerNames
      .map(
        (name) =>
          `<a href="#${escapeHtml(name)}">${escapeHtml(runtime.definition(name).title)}</a>`,
      )
      .join(' · ');
    const html = page(
      'CRM Sync sandbox',
      `<h1>CRM Sync sandbox</h1><p>Local stand-ins for the six outside services. Control API: <code>POST /_sandbox/reset</code>, <code>POST /_sandbox/faults</code>, <code>POST /_sandbox/rate-limits</code>; see sandbox/README.md.</p><p>${nav}</p>${providers.join('')}`,
    );
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
