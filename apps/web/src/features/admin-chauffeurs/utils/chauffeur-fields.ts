import { AddChauffeurSchema, MESSAGES, type AddChauffeurRequest } from '@app/shared';

/* The add form's checks, by the server's own schema and messages. */

export type Field = keyof AddChauffeurRequest;
export type Problems = Partial<Record<Field, string>>;

export const FIELDS: readonly Field[] = ['name', 'email', 'phone'];

/** Values the schema takes, to check one field at a time beside them. */
const VALID: AddChauffeurRequest = { name: 'A', email: 'a@example.com', phone: '6175550142' };

/**
 * What the server's schema says of each field, all at once: the schema stops at its first
 * problem (all fields, then the phone, then the email), so each field is checked beside values
 * it takes. Its own messages, said under the field.
 */
export function fieldProblems(draft: AddChauffeurRequest): Problems {
  const found: Problems = {};
  for (const field of FIELDS) {
    const parsed = AddChauffeurSchema.safeParse({ ...VALID, [field]: draft[field] });
    const [issue] = parsed.error?.issues ?? [];
    if (issue) found[field] = issue.message;
  }
  return found;
}

/** The field a message of the server's schema (a 400) is about; other refusals have none. */
export function fieldOf(message: string, draft: AddChauffeurRequest): Field | undefined {
  if (message === MESSAGES.invalidEmail) return 'email';
  if (message === MESSAGES.invalidPhone) return 'phone';
  if (message === MESSAGES.allFieldsRequired) return FIELDS.find((f) => !draft[f].trim());
  return undefined;
}

/** `tel:` wants the digits alone: `617-555-0142` → `+16175550142` (US numbers, as the form takes). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}
