/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const style = `
body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2933;max-width:72rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}h3{font-size:1rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.85rem}
td,th{border:1px solid #cbd2d9;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f5f7fa}code,pre{font-size:.8rem}pre{white-space:pre-wrap;word-break:break-all;margin:0}
.card{border:1px solid #cbd2d9;border-radius:.5rem;padding:1.5rem;max-width:28rem;margin:3rem auto}
button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem;border-radius:.25rem;border:1px solid #7b8794;cursor:pointer}
button.primary{background:#1f2933;color:#fff}.muted{color:#7b8794}
`;

// the page's own icon (an S on the text colour), so a browser does not ask for a /favicon.ico the sandbox does not serve
const icon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1f2933"/><text x="8" y="12" font-family="sans-serif" font-size="11" font-weight="bold" fill="#fff" text-anchor="middle">S</text></svg>',
)}`;

/** A complete, unstyled-but-readable HTML page. `body` must already be escaped. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><link rel="icon" href="${icon}"><style>${style}</style></head><body>${body}</body></html>`;
}

/** Hidden form inputs carrying `values` through a consent form. */
export function hiddenInputs(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
}
