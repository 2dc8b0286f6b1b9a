/** Headers kept with an event: what says who sent it and how, never a credential a platform was told to add. */
const alwaysKept = new Set([
  'content-type',
  'content-length',
  'user-agent',
  'x-forwarded-for',
  'x-request-id',
]);
const credentialLike = /auth|cookie|key|secret|token|signature|password/i;

/** The request headers stored with an event (lowercase names, the first value of a repeated one). */
export function keptHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    if (value === undefined) continue;
    if (!alwaysKept.has(name) && !(name.startsWith('x-') && !credentialLike.test(name))) continue;
    kept[name] = (Array.isArray(value) ? (value[0] ?? '') : value).slice(0, 500);
  }
  return kept;
}
