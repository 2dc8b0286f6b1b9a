/**
 * An http(s) URL with a host, after trimming: bison's base URL (spec §5 "must be a valid URL") and a
 * webhook endpoint's URL ("Your webhook URL is not accepting data" otherwise) alike.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
