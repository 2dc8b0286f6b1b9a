/** Salesforce's `Sforce-Limit-Info: api-usage=18/15000` (other limits may follow, comma-separated). */
export function parseLimitInfo(header) {
    const match = /api-usage=(\d+)\/(\d+)/.exec(header ?? '');
    return match ? { used: Number(match[1]), allowed: Number(match[2]) } : null;
}
//# sourceMappingURL=limit-info.js.map