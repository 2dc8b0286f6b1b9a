export declare function freePort(): Promise<number>;
export declare function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs?: number,
  giveUp?: () => string | undefined,
): Promise<void>;
