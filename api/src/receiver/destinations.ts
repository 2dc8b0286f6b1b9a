import type { IntakeWebhook } from '../repositories/webhook-events.js';

type Endpoint = IntakeWebhook['endpoints'][number];

/** Where a URL delivers: its origin and path, so endpoints that differ only in their query or fragment are one. */
export function destinationOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/**
 * The endpoints an event is forwarded to: the first of each destination (origin and path), so one
 * inbound post can never become many posts to one host (issue 53: 50 endpoints that differed only in
 * their query string made 500 signed posts of 10 events).
 */
export function oneEndpointPerDestination(endpoints: readonly Endpoint[]): Endpoint[] {
  const seen = new Set<string>();
  return endpoints.filter((endpoint) => {
    const destination = destinationOf(endpoint.url);
    if (seen.has(destination)) return false;
    seen.add(destination);
    return true;
  });
}
