const checksumAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** The 3-character suffix that turns a case-sensitive 15-character Salesforce id into its 18-character form. */
export function checksum(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    let bits = 0;
    for (let index = 0; index < 5; index += 1) {
      const char = id15[chunk * 5 + index]!;
      if (char >= 'A' && char <= 'Z') bits |= 1 << index;
    }
    suffix += checksumAlphabet[bits];
  }
  return suffix;
}

/** Ids in Salesforce's shape: key prefix, a pod-like "8d", then a counter; 18 characters with the checksum. */
export function salesforceId(keyPrefix: string, n: number): string {
  const id15 = `${keyPrefix}8d${String(n).padStart(10, '0')}`;
  return `${id15}${checksum(id15)}`;
}

/** Hands out ids per key prefix, counting from 1. */
export class IdFactory {
  private readonly counters = new Map<string, number>();

  next(keyPrefix: string): string {
    const n = (this.counters.get(keyPrefix) ?? 0) + 1;
    this.counters.set(keyPrefix, n);
    return salesforceId(keyPrefix, n);
  }
}
