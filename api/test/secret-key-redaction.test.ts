import { fixtureById, payloadAt } from 'shared/events';
import { carriesSecretKey } from '../src/receiver/secret-key-check.js';
import {
  REDACTED_SECRET,
  redactedBody,
  redactTopLevelMember,
} from '../src/receiver/secret-key-redaction.js';

const redact = (text: string) => redactTopLevelMember(text, 'secret_key');
const reply = payloadAt(fixtureById('smartlead.email-reply')!, new Date('2026-03-02T10:00:00Z'));

describe('redactTopLevelMember', () => {
  it("replaces a Smartlead payload's secret_key and leaves every other byte as it came", () => {
    const body = JSON.stringify({ ...reply, secret_key: 'sl-secret-1' }, null, 2);
    const redacted = redact(body);
    expect(redacted).not.toContain('sl-secret-1');
    expect(JSON.parse(redacted)).toEqual({ ...reply, secret_key: REDACTED_SECRET });
    expect(redacted).toBe(body.replace('"sl-secret-1"', `"${REDACTED_SECRET}"`));
  });

  it('answers a body without the member unchanged', () => {
    const body = '{"event_type":"EMAIL_SENT", "to_email":"a@b.example"}';
    expect(redact(body)).toBe(body);
    expect(redact('')).toBe('');
    expect(redact('not json at all')).toBe('not json at all');
  });

  it('redacts only the outermost object: a nested secret_key or one inside a text stays', () => {
    const body = JSON.stringify({
      lead_data: { secret_key: 'custom field' },
      history: [{ secret_key: 'kept' }],
      email_body: '"secret_key": "quoted in a reply"',
      secret_key: 'top',
    });
    expect(JSON.parse(redact(body))).toEqual({
      lead_data: { secret_key: 'custom field' },
      history: [{ secret_key: 'kept' }],
      email_body: '"secret_key": "quoted in a reply"',
      secret_key: REDACTED_SECRET,
    });
  });

  it('redacts every copy, an escaped spelling of the name and values that are not strings', () => {
    expect(redact('{"secret_key":"a","x":1,"secret_key":"b"}')).toBe(
      `{"secret_key":"${REDACTED_SECRET}","x":1,"secret_key":"${REDACTED_SECRET}"}`,
    );
    expect(redact('{"secret\\u005fkey" : "escaped"}')).toBe(
      `{"secret\\u005fkey" : "${REDACTED_SECRET}"}`,
    );
    expect(redact('{"secret_key":12345,"a":2}')).toBe(`{"secret_key":"${REDACTED_SECRET}","a":2}`);
    expect(redact('{"secret_key":{"v":"x"},"a":2}')).toBe(
      `{"secret_key":"${REDACTED_SECRET}","a":2}`,
    );
    expect(redact('{"secret_key":null}')).toBe('{"secret_key":null}');
  });

  it('keeps escaped quotes inside the secret from ending it early', () => {
    expect(redact('{"secret_key":"a\\"b\\\\","c":"d"}')).toBe(
      `{"secret_key":"${REDACTED_SECRET}","c":"d"}`,
    );
  });

  it('redacts a value cut off by the end of a cut body, and a body that is not valid JSON', () => {
    expect(redact('{"event_type":"EMAIL_SENT","secret_key":"3f1e9c2a-5b')).toBe(
      `{"event_type":"EMAIL_SENT","secret_key":"${REDACTED_SECRET}"`,
    );
    expect(redact('{"secret_key":"s3cret", oops')).toBe(`{"secret_key":"${REDACTED_SECRET}", oops`);
  });

  it('reads a 5 MB body in one pass', () => {
    const body = JSON.stringify({
      secret_key: 'big',
      history: Array.from({ length: 50_000 }, (_, i) => ({
        stats_id: `s-${i}`,
        text: 'x'.repeat(80),
      })),
    });
    const started = performance.now();
    const redacted = redact(body);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(redacted.length).toBe(body.length + REDACTED_SECRET.length - 'big'.length);
  });
});

describe('redactedBody', () => {
  const body = '{"secret_key":"s"}';
  it("redacts Smartlead's bodies and those of no known webhook, and leaves other platforms' whole", () => {
    expect(redactedBody('smartlead', body)).toBe(`{"secret_key":"${REDACTED_SECRET}"}`);
    expect(redactedBody(null, body)).toBe(`{"secret_key":"${REDACTED_SECRET}"}`);
    expect(redactedBody('instantly', body)).toBe(body);
    expect(redactedBody('bison', body)).toBe(body);
  });
});

describe('carriesSecretKey', () => {
  it('holds only for the same secret_key as a text on the payload itself', () => {
    expect(carriesSecretKey({ secret_key: 'right' }, 'right')).toBe(true);
    expect(carriesSecretKey({ secret_key: 'wrong' }, 'right')).toBe(false);
    expect(carriesSecretKey({ secret_key: 'righ' }, 'right')).toBe(false);
    expect(carriesSecretKey({ secret_key: 'right ' }, 'right')).toBe(false);
    expect(carriesSecretKey({}, 'right')).toBe(false);
    expect(carriesSecretKey({ secret_key: 42 }, '42')).toBe(false);
    expect(carriesSecretKey({ data: { secret_key: 'right' } }, 'right')).toBe(false);
    expect(carriesSecretKey([{ secret_key: 'right' }], 'right')).toBe(false);
    expect(carriesSecretKey(null, 'right')).toBe(false);
    expect(carriesSecretKey('right', 'right')).toBe(false);
  });
});
