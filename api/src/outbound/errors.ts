/**
 * Why a call through the outbound guard did not give an answer. Messages say what failed (the rule,
 * the address class, the size) and never carry the remote body; callers prefix the provider and action.
 */
export class OutboundError extends Error {
  constructor(
    readonly kind: 'refused' | 'unresolved' | 'too-large' | 'timeout' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

/** The URL, a redirect or the address its host resolves to is not allowed. */
export const outboundRefused = (reason: string): OutboundError =>
  new OutboundError('refused', reason);

export const isOutboundError = (error: unknown): error is OutboundError =>
  error instanceof OutboundError;
