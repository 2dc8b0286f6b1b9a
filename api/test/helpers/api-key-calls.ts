import type { FastifyInstance } from 'fastify';
import { call } from './test-app.js';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** One call to the api as the browser makes it: the session cookie, Origin on unsafe methods, a JSON body. */
export async function callApi<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await app.inject(call(method, url, cookie, body));
  const text = response.body;
  return { status: response.statusCode, body: (text ? JSON.parse(text) : undefined) as T };
}
