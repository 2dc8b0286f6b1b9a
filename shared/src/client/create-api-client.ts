import { z } from 'zod';
import {
  buildPath,
  errorBody,
  operations,
  type BodyOf,
  type OperationName,
  type OperationSpec,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '../contract/index.js';
import { ApiError } from './api-error.js';

export interface ApiClientOptions {
  /** Origin of the api, e.g. http://localhost:8080; '' for the page's own origin. */
  baseUrl: string;
  /** Called on every 401, before the call rejects. */
  onUnauthorized: () => void;
  /** A bearer token for every call instead of the session cookie (an embedded area); see HostContract. */
  authorization?: (options?: { renew?: boolean }) => Promise<string | undefined>;
  fetch?: typeof fetch;
}

type Slot<K extends string, T> = [T] extends [never] ? { [P in K]?: undefined } : { [P in K]: T };
type QuerySlot<T> = [T] extends [never] ? { query?: undefined } : { query?: T };
export type CallInput<N extends OperationName> = Slot<'params', ParamsOf<N>> &
  Slot<'body', BodyOf<N>> &
  QuerySlot<QueryOf<N>>;
/** True when a call of the operation must carry params or a body. */
export type NeedsInput<N extends OperationName> = [ParamsOf<N>] extends [never]
  ? [BodyOf<N>] extends [never]
    ? false
    : true
  : true;

export type ApiClient = {
  call<N extends OperationName>(
    name: N,
    ...input: NeedsInput<N> extends true ? [CallInput<N>] : [CallInput<N>?]
  ): Promise<ResponseOf<N>>;
};

type QueryValue = string | number | boolean | undefined | null;

function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const errorList = z.object({ errors: z.array(z.string()).min(1) });

async function readErrorBody(
  response: Response,
): Promise<{ message: string; errors?: Record<string, string> }> {
  try {
    const body: unknown = await response.json();
    const parsed = errorBody.safeParse(body);
    if (parsed.success) return parsed.data;
    // an answer that lists its errors without a message (a test event's): the errors, not the status text
    const listed = errorList.safeParse(body);
    if (listed.success) return { message: listed.data.errors.join('\n') };
  } catch {
    // not JSON: fall through to the status text
  }
  return { message: response.statusText || `Request failed with status ${response.status}` };
}

/**
 * The typed fetch client of the REST contract. Cookies go with every call, unless an embedding page
 * gave a bearer token: then the token goes instead, and a 401 asks for a new one and tries once more.
 */
export function createApiClient({
  baseUrl,
  onUnauthorized,
  authorization,
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
}: ApiClientOptions): ApiClient {
  return {
    async call(name, ...rest) {
      const operation: OperationSpec = operations[name];
      const input = (rest[0] ?? {}) as {
        params?: Record<string, string | number>;
        body?: unknown;
        query?: Record<string, QueryValue>;
      };
      const url = `${baseUrl}${buildPath(operation.path, input.params)}${toQueryString(input.query)}`;
      const hasBody = input.body !== undefined;
      const send = (token: string | undefined): Promise<Response> =>
        fetchImpl(url, {
          method: operation.method,
          // a token call carries no cookie: the api answers it with CORS without credentials
          credentials: token ? 'omit' : 'include',
          headers: {
            accept: 'application/json',
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: hasBody ? JSON.stringify(input.body) : undefined,
        });
      let response: Response;
      try {
        const token = await authorization?.();
        response = await send(token);
        if (response.status === 401 && authorization) {
          const renewed = await authorization({ renew: true });
          if (renewed && renewed !== token) response = await send(renewed);
        }
      } catch {
        throw new ApiError(0, 'The server could not be reached');
      }
      if (response.status === 401) {
        onUnauthorized();
        const { message } = await readErrorBody(response);
        throw new ApiError(401, message);
      }
      if (!response.ok) {
        const { message, errors } = await readErrorBody(response);
        throw new ApiError(response.status, message, errors);
      }
      const data: unknown =
        response.status === 204
          ? undefined
          : operation.responseType === 'text'
            ? await response.text()
            : await response.json();
      const parsed = operation.response.safeParse(data);
      if (!parsed.success)
        throw new ApiError(response.status, `Unexpected response from ${operation.path}`);
      return parsed.data as ResponseOf<typeof name>;
    },
  };
}
