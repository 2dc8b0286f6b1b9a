export type FaultType = '429' | '500' | '410' | 'hang';

export interface FaultSpec {
  provider: string;
  type: FaultType;
  /** "METHOD /path" or "/path" relative to the provider's prefix; `*` matches anything. Omitted: every route. */
  route?: string;
  /** How many calls answer with the fault before the route works again. */
  count: number;
  /** Seconds sent in Retry-After on a 429. */
  retryAfterSeconds: number;
  /** How long a hang holds the request before answering 504. */
  hangMs: number;
}

export interface Fault extends FaultSpec {
  id: string;
  remaining: number;
  createdAt: string;
}

function routeMatcher(route: string | undefined): (method: string, path: string) => boolean {
  if (route === undefined || route.trim() === '' || route.trim() === '*') return () => true;
  const trimmed = route.trim();
  const space = trimmed.indexOf(' ');
  const method = space > 0 ? trimmed.slice(0, space).toUpperCase() : undefined;
  const pattern = space > 0 ? trimmed.slice(space + 1).trim() : trimmed;
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}/?$`,
  );
  return (requestMethod, path) =>
    (method === undefined || method === requestMethod.toUpperCase()) && regex.test(path);
}

/** Faults waiting to be served, per provider and route, in the order they were added. */
export class FaultRegistry {
  private faults: (Fault & { matches: (method: string, path: string) => boolean })[] = [];
  private nextId = 0;

  constructor(private readonly now: () => number) {}

  add(spec: FaultSpec): Fault {
    this.nextId += 1;
    const fault = {
      ...spec,
      id: `fault-${this.nextId}`,
      remaining: spec.count,
      createdAt: new Date(this.now()).toISOString(),
      matches: routeMatcher(spec.route),
    };
    this.faults.push(fault);
    return this.describe(fault);
  }

  /** The fault this call must answer with, if any; counts the call against it. */
  take(provider: string, method: string, path: string): Fault | undefined {
    const fault = this.faults.find(
      (candidate) =>
        candidate.provider === provider &&
        candidate.remaining > 0 &&
        candidate.matches(method, path),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return this.describe(fault);
  }

  list(provider?: string): Fault[] {
    return this.faults
      .filter((fault) => provider === undefined || fault.provider === provider)
      .map((fault) => this.describe(fault));
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((fault) => fault.id !== id);
    return this.faults.length !== before;
  }

  clear(provider?: string): void {
    this.faults =
      provider === undefined ? [] : this.faults.filter((fault) => fault.provider !== provider);
  }

  private describe(fault: Fault): Fault {
    const { id, provider, type, route, count, remaining, retryAfterSeconds, hangMs, createdAt } =
      fault;
    return { id, provider, type, route, count, remaining, retryAfterSeconds, hangMs, createdAt };
  }
}
