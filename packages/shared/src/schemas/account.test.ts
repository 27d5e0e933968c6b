import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN, ForgotPasswordSchema, SignupSchema } from './account.ts';

describe('EMAIL_PATTERN', () => {
  it('takes ordinary addresses, plus signs and subdomains included', () => {
    for (const email of [
      'rider@example.com',
      'a.b+rides@mail.example.co.uk',
      "o'neil@example.org",
    ]) {
      expect(EMAIL_PATTERN.test(email), email).toBe(true);
    }
  });

  it('refuses <, >, " and , which would carry a display name or a second recipient', () => {
    for (const email of [
      'a<b@example.com',
      'rider@exa>mple.com',
      '"rider"@example.com',
      'rider@example.com,other@example.com',
      'Rider <rider@example.com>',
    ]) {
      expect(EMAIL_PATTERN.test(email), email).toBe(false);
      expect(ForgotPasswordSchema.safeParse({ email }).error?.issues[0]?.message).toBe(
        MESSAGES.invalidEmail,
      );
      const signup = SignupSchema.safeParse({
        name: 'Rider',
        email,
        password: 'correct horse 1!',
        phone: '555-123-4567',
      });
      expect(signup.error?.issues[0]?.message, email).toBe(MESSAGES.invalidEmail);
    }
  });
});
