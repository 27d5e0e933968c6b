import { MESSAGES } from '@app/shared';
import { errorMessageOf, serverMessageOf, statusOf } from '../../lib/api.ts';

/** The first message of a failed shared-schema check (the schemas order them as the spec). */
export function firstIssue(
  result: { success: true } | { success: false; error: { issues: { message: string }[] } },
): string | undefined {
  if (result.success) return undefined;
  return result.error.issues[0]?.message ?? MESSAGES.allFieldsRequired;
}

/** Login and sign-up: 429 has its own text; otherwise the server's message or a retry hint. */
export function loginFailureMessage(error: unknown): string {
  if (statusOf(error) === 429) return MESSAGES.tooManyLoginAttempts;
  return serverMessageOf(error) ?? MESSAGES.genericRetry;
}

/** Forgot and reset password: 429, else the response's message, the error's, or a fallback. */
export function resetFailureMessage(error: unknown): string {
  if (statusOf(error) === 429) return MESSAGES.tooManyRequests;
  return errorMessageOf(error, MESSAGES.errorOccurred);
}
