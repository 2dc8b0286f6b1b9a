/** One documented limit: at most `max` calls per `windowMs` to the paths `appliesTo` matches. */
export interface RateLimitRule {
  name: string;
  max: number;
  windowMs: number;
  /** A regular expression on the path relative to the provider's prefix; omitted: every path. */
  appliesTo?: string;
  /** Where the number comes from. */
  source: string;
}

export type RateLimitVerdict =
  { limited: false } | { limited: true; rule: RateLimitRule; retryAfterSeconds: number };

interface ProviderLimits {
  enabled: boolean;
  rules: RateLimitRule[];
  /** Call times per rule name, oldest first (a sliding window). */
  calls: Map<string, number[]>;
}

/** Sliding-window counters per provider and rule, switched on and off per provider. */
export class RateLimiter {
  private readonly providers = new Map<string, ProviderLimits>();

  constructor(private readonly now: () => number) {}

  define(provider: string, rules: RateLimitRule[], enabled: boolean): void {
    this.providers.set(provider, { enabled, rules: [...rules], calls: new Map() });
  }

  setEnabled(provider: string, enabled: boolean): void {
    const limits = this.get(provider);
    limits.enabled = enabled;
    limits.calls.clear();
  }

  /** Replaces a provider's rules (tests use small numbers); the counters start again. */
  setRules(provider: string, rules: RateLimitRule[]): void {
    const limits = this.get(provider);
    limits.rules = [...rules];
    limits.calls.clear();
  }

  /** Counts the call when it is allowed; refuses it (without counting) when any rule is exhausted. */
  check(provider: string, path: string): RateLimitVerdict {
    const limits = this.providers.get(provider);
    if (!limits || !limits.enabled) return { limited: false };
    const now = this.now();
    const applicable = limits.rules.filter(
      (rule) => rule.appliesTo === undefined || new RegExp(rule.appliesTo).test(path),
    );
    for (const rule of applicable) {
      const calls = this.window(limits, rule, now);
      if (calls.length >= rule.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((calls[0]! + rule.windowMs - now) / 1000));
        return { limited: true, rule, retryAfterSeconds };
      }
    }
    for (const rule of applicable) this.window(limits, rule, now).push(now);
    return { limited: false };
  }

  describe(provider: string): { enabled: boolean; rules: RateLimitRule[] } {
    const limits = this.get(provider);
    return { enabled: limits.enabled, rules: limits.rules };
  }

  private window(limits: ProviderLimits, rule: RateLimitRule, now: number): number[] {
    const calls = (limits.calls.get(rule.name) ?? []).filter((time) => time > now - rule.windowMs);
    limits.calls.set(rule.name, calls);
    return calls;
  }

  private get(provider: string): ProviderLimits {
    const limits = this.providers.get(provider);
    if (!limits) throw new Error(`Unknown provider "${provider}"`);
    return limits;
  }
}
