import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** Encrypts the secrets the api stores (API keys, OAuth tokens, consumer secrets) with AES-256-GCM. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A 32-byte key of its own for one purpose ('embed tokens'), derived from the same secret. */
  deriveKey(purpose: string): Uint8Array;
}

const VERSION = 'v1';

/** `key` is any high-entropy text (ENCRYPTION_KEY or the generated one); it is hashed to 32 bytes. */
export function createSecretBox(key: string): SecretBox {
  const secret = createHash('sha256').update(key).digest();
  return {
    deriveKey: (purpose) => new Uint8Array(hkdfSync('sha256', secret, '', purpose, 32)),
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('Stored secret is not in a known format');
      const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
