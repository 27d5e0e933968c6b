import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's `Algorithm.Argon2id`), with the library's OWASP-level defaults. */
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such account, or a Google-only
 * one) it still runs a verification, so the answer takes as long either way.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('no account has this password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
