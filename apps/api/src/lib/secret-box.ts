import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals small secrets for storage and opens them again; tampering or a wrong key fails. */
export interface SecretBox {
  /** `v1.<base64url(iv | tag | ciphertext)>`, bound to `context` (say, the owning user's id). */
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

/**
 * AES-256-GCM under a key derived with HKDF-SHA-256 from the app's secret and a purpose, so
 * one secret gives unrelated keys for unrelated uses. `context` is authenticated data: a value
 * sealed for one row cannot be copied to another.
 */
export function secretBox(appSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'norfolk-rides', purpose, 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
      return `${VERSION}.${sealed.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, body] = sealed.split('.');
      if (version !== VERSION || !body) throw new Error('not a sealed secret');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
