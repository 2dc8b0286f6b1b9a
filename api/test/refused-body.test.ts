import { intakeMessages } from '../src/receiver/intake-messages.js';
import {
  keptRefusedBody,
  refusedBodyRow,
  REFUSED_BODY_KEPT_BYTES,
} from '../src/receiver/refused-body.js';
import { REDACTED_SECRET } from '../src/receiver/secret-key-redaction.js';

describe('the body a refused post keeps', () => {
  it('keeps a small body whole, and none when none came', () => {
    expect(keptRefusedBody('{"a":')).toEqual({ cut: false, body: '{"a":' });
    expect(keptRefusedBody(undefined)).toEqual({ cut: false, body: null });
    const exact = 'x'.repeat(REFUSED_BODY_KEPT_BYTES);
    expect(keptRefusedBody(exact)).toEqual({ cut: false, body: exact });
  });

  it('keeps the first 4 KB of a larger body, with its size', () => {
    const body = 'y'.repeat(5 * 1024 * 1024);
    expect(keptRefusedBody(body)).toEqual({
      cut: true,
      body: 'y'.repeat(REFUSED_BODY_KEPT_BYTES),
      receivedBytes: 5 * 1024 * 1024,
    });
  });

  it('counts bytes, not characters, and never cuts a character in two', () => {
    const body = 'é'.repeat(3000); // 2 bytes each: 6000 bytes
    const kept = keptRefusedBody(body, 4097);
    expect(kept).toEqual({ cut: true, body: 'é'.repeat(2048), receivedBytes: 6000 });
    const emoji = '😀'.repeat(2000); // 4 bytes each
    const keptEmoji = keptRefusedBody(emoji, 4095);
    expect(keptEmoji.body).toBe('😀'.repeat(1023));
  });

  it('says on the row that the body was cut', () => {
    expect(refusedBodyRow('z'.repeat(10_000), ['The body is empty'], 'smartlead')).toEqual({
      rawBody: 'z'.repeat(REFUSED_BODY_KEPT_BYTES),
      errors: ['The body is empty', intakeMessages.bodyCut(REFUSED_BODY_KEPT_BYTES, 10_000)],
    });
    expect(refusedBodyRow('{', ['bad'], 'smartlead')).toEqual({ rawBody: '{', errors: ['bad'] });
  });

  it("redacts the kept part's secret_key for Smartlead and no known webhook, not for other platforms", () => {
    const body = `{"secret_key":"s3cret","text":"${'x'.repeat(5000)}"}`;
    const kept = refusedBodyRow(body, ['refused'], 'smartlead').rawBody!;
    expect(kept.startsWith(`{"secret_key":"${REDACTED_SECRET}","text":"xxx`)).toBe(true);
    expect(refusedBodyRow(body, ['refused'], null).rawBody).toBe(kept);
    expect(refusedBodyRow('{"secret_key":"s3cret"}', [], 'instantly').rawBody).toBe(
      '{"secret_key":"s3cret"}',
    );
  });
});
