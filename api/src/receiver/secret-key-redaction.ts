import type { Platform } from '../db/schema.js';

/** The member of a Smartlead payload that holds the webhook's secret key. */
export const SECRET_KEY_MEMBER = 'secret_key';
/** What a stored, shown or forwarded Smartlead body holds in place of its secret key. */
export const REDACTED_SECRET = '[redacted]';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isOpener = (code: number) => code === 0x7b /* { */ || code === 0x5b; /* [ */
const isCloser = (code: number) => code === 0x7d /* } */ || code === 0x5d; /* ] */
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const endsWord = (code: number) => code === 0x2c /* , */ || isCloser(code) || isSpace(code);

/** The index after the string that opens at `start` (a quote), or the text's end when it is cut off. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    // an escaped quote has an odd number of backslashes before it
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index after the value that starts at `start`: a string, an array or object, or a bare word (number, true, …). */
function valueEnd(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return stringEnd(text, start);
  if (isOpener(first)) {
    let depth = 0;
    for (let i = start; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === QUOTE) i = stringEnd(text, i) - 1;
      else if (isOpener(code)) depth++;
      else if (isCloser(code) && --depth === 0) return i + 1;
    }
    return text.length;
  }
  let i = start;
  while (i < text.length && !endsWord(text.charCodeAt(i))) i++;
  return i;
}

/** Whether the string token text[start, end) names `member` (an escaped spelling too: "secret\u005fkey"). */
function namesMember(text: string, start: number, end: number, member: string): boolean {
  const token = text.slice(start, end);
  if (token === `"${member}"`) return true;
  if (!token.includes('\\') || token.length > member.length * 6 + 2) return false;
  try {
    return JSON.parse(token) === member;
  } catch {
    return false;
  }
}

/**
 * The JSON text with the value of each member `member` of its outermost object replaced by
 * `"[redacted]"` (a null value stays null); every other character as it was, so the stored body is
 * still the platform's body. One pass over the characters; text that is not JSON (a refused body, a
 * body cut short) is redacted as far as it reads, a value cut off by the end to the end.
 */
export function redactTopLevelMember(text: string, member: string): string {
  let out = '';
  let copiedTo = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isOpener(code)) depth++;
    else if (isCloser(code)) depth--;
    else if (code === QUOTE) {
      const end = stringEnd(text, i);
      const colon = skipSpace(text, end);
      if (depth === 1 && text[colon] === ':' && namesMember(text, i, end, member)) {
        const start = skipSpace(text, colon + 1);
        const stop = valueEnd(text, start);
        if (start < text.length && text.slice(start, stop) !== 'null') {
          out += `${text.slice(copiedTo, start)}"${REDACTED_SECRET}"`;
          copiedTo = stop;
        }
        i = Math.max(stop, end) - 1;
      } else i = end - 1;
    }
  }
  return copiedTo === 0 ? text : out + text.slice(copiedTo);
}

/**
 * A body as it is stored (and so shown in History and forwarded): a Smartlead body's `secret_key`
 * redacted. A body of no known webhook (410) may be Smartlead's too; other platforms' bodies stay whole.
 */
export function redactedBody(platform: Platform | null, rawBody: string): string {
  if (platform !== null && platform !== 'smartlead') return rawBody;
  return redactTopLevelMember(rawBody, SECRET_KEY_MEMBER);
}
