import type { ApiUsage } from '../../records/api-usage.js';

export type { ApiUsage };

/** Salesforce's `Sforce-Limit-Info: api-usage=18/15000` (other limits may follow, comma-separated). */
export function parseLimitInfo(header: string | null | undefined): ApiUsage | null {
  const match = /api-usage=(\d+)\/(\d+)/.exec(header ?? '');
  return match ? { used: Number(match[1]), allowed: Number(match[2]) } : null;
}
