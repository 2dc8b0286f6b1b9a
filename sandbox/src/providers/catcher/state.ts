/** One request an endpoint received, as the catcher shows it. */
export interface Delivery {
  seq: number;
  at: string;
  /** The endpoint's name: the path segment after /catcher/. */
  name: string;
  method: string;
  /** Path and query after the endpoint's name ("" when none). */
  path: string;
  /** Every request header, names in lower case. */
  headers: Record<string, string>;
  /** The body exactly as received (up to bodyTextLimit), for checking signatures. */
  bodyText: string;
  bodyTruncated: boolean;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
  status?: number;
  /** "received", or the fault the sandbox answered with ("fault:429", "fault:500", "fault:410", "fault:hang"). */
  outcome?: string;
}

export interface CatcherState {
  deliveries: Delivery[];
  seq: number;
  limit: number;
}

/** Bodies up to 1 MiB are kept whole (the api forwards platform events, usually a few KB). */
export const bodyTextLimit = 1024 * 1024;

export const createCatcherState = (limit: number): CatcherState => ({
  deliveries: [],
  seq: 0,
  limit,
});

/** Keeps a delivery, dropping the oldest beyond the limit. */
export function record(state: CatcherState, delivery: Omit<Delivery, 'seq'>): Delivery {
  state.seq += 1;
  const kept = { seq: state.seq, ...delivery };
  state.deliveries.push(kept);
  if (state.deliveries.length > state.limit)
    state.deliveries.splice(0, state.deliveries.length - state.limit);
  return kept;
}

/** Newest first, of one endpoint or of all. */
export const deliveriesOf = (state: CatcherState, name?: string): Delivery[] =>
  state.deliveries.filter((delivery) => name === undefined || delivery.name === name).reverse();
