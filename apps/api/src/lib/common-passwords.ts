import { dictionary } from '@zxcvbn-ts/language-common';

/** The answer to a new password found in the list; the product's other password texts stay as they are. */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.';

let common: Set<string> | undefined;

/**
 * Whether a new password is one of the ~49,000 most common (zxcvbn's list, ranked by how often
 * it appeared in breaches; ASVS V6.2.4 asks for the top 3,000 at least), compared without case:
 * `Password1` is as guessable as `password1`. The list ships in the package: no network.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
