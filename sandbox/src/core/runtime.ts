import type { SandboxConfig } from '../config.js';
import type { Clock } from './clock.js';
import { FaultRegistry } from './faults.js';
import type { AnyProvider, ProviderContext, StateContext } from './provider.js';
import { RateLimiter } from './rate-limit.js';
import { RequestLog } from './request-log.js';

interface ProviderSlot {
  definition: AnyProvider;
  state: unknown;
  log: RequestLog;
  stateContext: StateContext;
}

/** The sandbox's whole mutable world: each provider's state and request log, faults and rate limits. */
export class SandboxRuntime {
  readonly faults: FaultRegistry;
  readonly limiter: RateLimiter;
  private readonly slots = new Map<string, ProviderSlot>();
  private readonly hangs = new Set<() => void>();

  constructor(
    readonly config: SandboxConfig,
    readonly now: Clock,
    providers: readonly AnyProvider[],
  ) {
    this.faults = new FaultRegistry(now);
    this.limiter = new RateLimiter(now);
    for (const definition of providers) {
      const stateContext: StateContext = {
        name: definition.name,
        prefix: definition.prefix,
        baseUrl: `${config.publicUrl}${definition.prefix}`,
        config,
        now,
      };
      this.slots.set(definition.name, {
        definition,
        state: definition.createState(stateContext),
        log: new RequestLog(config.requestLogLimit),
        stateContext,
      });
      this.limiter.define(definition.name, definition.rateLimits, config.enforceRateLimits);
    }
  }

  get providerNames(): string[] {
    return [...this.slots.keys()];
  }

  has(name: string): boolean {
    return this.slots.has(name);
  }

  definition(name: string): AnyProvider {
    return this.slot(name).definition;
  }

  state(name: string): unknown {
    return this.slot(name).state;
  }

  log(name: string): RequestLog {
    return this.slot(name).log;
  }

  /** The provider whose prefix starts this URL path, if any. */
  providerFor(path: string): AnyProvider | undefined {
    for (const { definition } of this.slots.values()) {
      if (
        path === definition.prefix ||
        path.startsWith(`${definition.prefix}/`) ||
        path.startsWith(`${definition.prefix}?`)
      )
        return definition;
    }
    return undefined;
  }

  /** A context whose `state` always reads the current state, across resets. */
  context<S>(name: string): ProviderContext<S> {
    const slot = this.slot(name);
    const current = () => this.state(name) as S;
    return {
      ...slot.stateContext,
      get state() {
        return current();
      },
    };
  }

  /** Back to the seeded state: provider data, request logs, faults and rate-limit counters and switch. */
  reset(name?: string): void {
    for (const slot of this.slots.values()) {
      if (name !== undefined && slot.definition.name !== name) continue;
      slot.state = slot.definition.createState(slot.stateContext);
      slot.log.clear();
      this.faults.clear(slot.definition.name);
      this.limiter.define(
        slot.definition.name,
        slot.definition.rateLimits,
        this.config.enforceRateLimits,
      );
    }
  }

  /** Holds a request for `ms`, or until the server closes. */
  hang(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const release = (): void => {
        clearTimeout(timer);
        this.hangs.delete(release);
        resolve();
      };
      const timer = setTimeout(release, ms);
      this.hangs.add(release);
    });
  }

  /** Lets every held request go, so the server can close. */
  releaseHangs(): void {
    for (const release of [...this.hangs]) release();
  }

  private slot(name: string): ProviderSlot {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`Unknown provider "${name}"`);
    return slot;
  }
}
