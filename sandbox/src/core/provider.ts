import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from '../config.js';
import type { Clock } from './clock.js';
import type { RateLimitRule, RateLimitVerdict } from './rate-limit.js';

/** A status, body and headers a provider answers with. */
export interface ErrorAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** How a provider answers when the sandbox, not the route, decides the outcome. */
export interface ProviderErrors {
  /** An injected 429. */
  tooManyRequests(retryAfterSeconds: number): ErrorAnswer;
  /** An injected 500. */
  serverError(): ErrorAnswer;
  /** What a hung request finally gets (the client has usually given up by then). */
  gatewayTimeout(): ErrorAnswer;
  /** An injected 410; defaults to 410 `{message: "Gone"}`. */
  gone?(): ErrorAnswer;
  /** A call refused by the rate-limit switch; defaults to tooManyRequests. */
  rateLimited?(verdict: Extract<RateLimitVerdict, { limited: true }>): ErrorAnswer;
  /** A path under the prefix that no route serves. */
  notFound?(method: string, path: string): ErrorAnswer;
}

/** What a provider's routes see: configuration, the clock and the provider's current state. */
export interface ProviderContext<S> {
  readonly name: string;
  /** The path prefix, e.g. "/hubspot". */
  readonly prefix: string;
  /** SANDBOX_PUBLIC_URL plus the prefix: where this provider's API lives for its callers. */
  readonly baseUrl: string;
  readonly config: SandboxConfig;
  readonly now: Clock;
  /** The state now (a reset replaces it, so read it on every request). */
  readonly state: S;
}

export type StateContext = Omit<ProviderContext<never>, 'state'>;

export interface ProviderDefinition<S> {
  name: string;
  title: string;
  prefix: string;
  /** The real service's base URL(s) that the prefix stands in for. */
  realBaseUrl: string;
  rateLimits: RateLimitRule[];
  errors: ProviderErrors;
  /** The seeded credentials, shown on the inspection page. */
  credentials(config: SandboxConfig): Record<string, string>;
  /** A fresh state, seeded from the fixtures: called at start and on every reset. */
  createState(ctx: StateContext): S;
  /** The full state as JSON for GET /_sandbox/state/<provider>. */
  inspect(state: S): unknown;
  /** Tables for the HTML page at /: title → rows. */
  overview(state: S): OverviewSection[];
  routes(app: FastifyInstance, ctx: ProviderContext<S>): void;
}

export interface OverviewSection {
  title: string;
  /** Total number of items, when the rows shown are only some of them. */
  total?: number;
  rows: Record<string, unknown>[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyProvider = ProviderDefinition<any>;

/** Declares a provider with its state type checked across its members. */
export function defineProvider<S>(definition: ProviderDefinition<S>): ProviderDefinition<S> {
  return definition;
}
