/** A webhook URL's path: its code (or the test URL's) is the receiver's only credential. */
const webhookPath = /^(\/webhooks\/(?:test\/)?)([^/]+)/;

/** How many characters of a webhook code the log keeps: enough to tell webhooks apart, too few to post. */
const SHOWN_CODE_CHARACTERS = 4;

/**
 * A request URL as the log shows it: a webhook's code cut to its first characters
 * (`/webhooks/abcd…`), and no query string where it carries codes (sign-in callbacks, CRM sign-in
 * callbacks, the identity provider).
 */
export function loggedUrl(url: string): string {
  const [path = '', query] = url.split('?');
  const webhook = webhookPath.exec(path);
  if (webhook !== null) return `${webhook[1]}${webhook[2]!.slice(0, SHOWN_CODE_CHARACTERS)}…`;
  return query !== undefined &&
    (path.startsWith('/auth/') || path.startsWith('/oidc') || path.startsWith('/oauth'))
    ? `${path}?…`
    : url;
}
