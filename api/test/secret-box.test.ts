import { createSecretBox } from '../src/crypto/secret-box.js';

describe('secret box', () => {
  const box = createSecretBox('test-key');

  it('round-trips a secret and never stores it in the clear', () => {
    const sealed = box.seal('sl-valid-key');
    expect(sealed).not.toContain('sl-valid-key');
    expect(box.open(sealed)).toBe('sl-valid-key');
  });

  it('seals the same text differently each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a secret sealed with another key or tampered with', () => {
    const sealed = box.seal('secret');
    expect(() => createSecretBox('other-key').open(sealed)).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => box.open('plain text')).toThrow('Stored secret is not in a known format');
  });
});
