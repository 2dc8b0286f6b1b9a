import {
  createNamedFakeApi,
  type FakeApi,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';

const GENERATE = '/api/admin/webhooks/generate';

/**
 * The api at its boundary as the webhook forms and dialogs meet it: the named routes, and
 * POST /api/admin/webhooks/generate answering plain text (as the api does), each call a new code:
 * code-1, code-2, …
 */
export function fakeWebhookApi<Name extends string>(
  routes: Record<Name, string>,
  answers: Record<Name, FakeHandler | FakeResponse>,
): FakeApi {
  const api = createNamedFakeApi(routes, answers);
  const fetchJson = api.fetch;
  let codes = 0;
  api.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== GENERATE) return fetchJson(input, init);
    api.calls.push({ method: 'POST', path: url.pathname, body: undefined });
    codes += 1;
    return new Response(`code-${codes}`, {
      status: 200,
      headers: { 'content-type': 'text/plain' },
    });
  };
  return api;
}
