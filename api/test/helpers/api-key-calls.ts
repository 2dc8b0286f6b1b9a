import type { FastifyInstance } from 'fastify';
import { ORIGIN } from './test-app.js';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** One call to the api as the browser makes it: the session cookie, Origin on unsafe methods, a JSON body. */
export async function callApi<T = unknown>(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (method !== 'GET') headers.origin = ORIGIN;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.inject({ method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
  const text = response.body;
  return { status: response.statusCode, body: (text ? JSON.parse(text) : undefined) as T };
}
