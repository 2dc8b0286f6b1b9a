/** How many characters of an endpoint's answer an attempt keeps. */
export const ANSWER_EXCERPT_CHARS = 200;

/** Each UTF-8 character is at most 4 bytes: this many bytes hold the excerpt's characters. */
const EXCERPT_BYTES = ANSWER_EXCERPT_CHARS * 4;

/**
 * The start of an endpoint's answer as an attempt keeps it: at most ANSWER_EXCERPT_CHARS characters,
 * printable ASCII only (line breaks and tabs become spaces, anything else "?"). Enough to tell "ok"
 * from an error page, too little to make the product a reader of the pages an endpoint URL reaches
 * (issue 53: 1 KB of any answer was kept and shown to every user of the organization).
 */
export function answerExcerpt(body: Buffer): string {
  const start = Array.from(body.subarray(0, EXCERPT_BYTES).toString('utf8')).slice(
    0,
    ANSWER_EXCERPT_CHARS,
  );
  return start
    .map((character) => {
      if (/^[\x20-\x7e]$/.test(character)) return character;
      return /^\s$/.test(character) ? ' ' : '?';
    })
    .join('');
}
