import { randomBytes } from 'node:crypto';
import { hashToken } from '../../lib/tokens.ts';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Ten new recovery codes, `abcd-efgh-ijkl`: 12 base32 characters, 60 random bits each. They are
 * random, not chosen by a person, so a plain SHA-256 is enough to store them.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const code = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
    return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
  });
}

/** What the database keeps of a code, from the code as typed or shown (hyphens, case ignored). */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]/g, ''));
}
