import { MESSAGES } from '@app/shared';

/** The first message of a failed shared-schema check (the schemas order them as docs/product.md does). */
export function firstIssue(
  result: { success: true } | { success: false; error: { issues: { message: string }[] } },
): string | undefined {
  if (result.success) return undefined;
  return result.error.issues[0]?.message ?? MESSAGES.allFieldsRequired;
}
