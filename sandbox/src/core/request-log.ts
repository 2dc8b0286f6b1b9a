/** One request a provider received, as the inspection API shows it. */
export interface LoggedRequest {
  seq: number;
  at: string;
  method: string;
  /** Path and query as received, with the provider's prefix. */
  url: string;
  /** The body as parsed (JSON or form fields); secrets in it are masked. */
  body: unknown;
  status?: number;
  /** "fault:429", "fault:500", "fault:410", "fault:hang" or "rate-limited" when the sandbox answered instead of the route. */
  outcome?: string;
}

const secretKeys = /^(client_secret|refresh_token|code|api_key|password|access_token)$/i;

/** Masks values that are credentials, so the inspection page can be shown without leaking them. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
        key,
        secretKeys.test(key) && typeof inner === 'string' ? mask(inner) : maskSecrets(inner),
      ]),
    );
  }
  return value;
}

function mask(secret: string): string {
  return secret.length <= 4 ? '****' : `${secret.slice(0, 4)}…`;
}

/** Masks credential query parameters (Smartlead's api_key) in a logged URL. */
export function maskUrl(url: string): string {
  return url.replace(
    /([?&](?:api_key|code|client_secret|refresh_token)=)([^&]*)/gi,
    (_all, name: string, value: string) => `${name}${mask(decodeURIComponent(value))}`,
  );
}

/** The most recent requests of one provider, oldest dropped first. */
export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;

  constructor(private readonly limit: number) {}

  add(entry: Omit<LoggedRequest, 'seq'>): LoggedRequest {
    this.seq += 1;
    const logged = { seq: this.seq, ...entry };
    this.entries.push(logged);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    return logged;
  }

  /** Newest first. */
  list(limit = this.limit): LoggedRequest[] {
    return this.entries.slice(-limit).reverse();
  }

  get total(): number {
    return this.seq;
  }

  clear(): void {
    this.entries = [];
    this.seq = 0;
  }
}
