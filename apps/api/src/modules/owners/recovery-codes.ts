import { randomBytes } from 'node:crypto';
import { hashToken } from '../../lib/tokens.ts';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Ten new recovery codes, `abcd-efgh-ijkl-mnop-qrst-uvwx`: 24 base32 characters, 120 random bits each.
 * Random, not chosen by a person, and over 112 bits: a plain SHA-256 is enough to store them
 * (ASVS V6.5.2); a shorter code would need a salted password hash.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(24);
    const code = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
    return code.match(/.{4}/g)?.join('-') ?? code;
  });
}

/** What the database keeps of a code, from the code as typed or shown (hyphens, case ignored). */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]/g, ''));
}
