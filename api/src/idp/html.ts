const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for HTML content and quoted attribute values. */
export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"'`]/g, (char) => entities[char] ?? char);

/** Security headers of the identity provider's own pages: nothing but inline styles and data images. */
export const pageHeaders: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};
