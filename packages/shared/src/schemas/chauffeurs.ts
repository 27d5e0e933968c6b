import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN, normalizeEmail, PHONE_PATTERN } from './account.ts';

/*
 * The business's chauffeurs, as the owner keeps them (`/api/admin/chauffeurs…`), and who drives
 * a ride (`POST /api/admin/rides/:id/chauffeur`). A chauffeur is an account with the chauffeur
 * role: added by an owner (an emailed link sets its password) or at the command line, removed
 * the same ways (its sessions end; the rides it drove keep its name).
 */

export const CHAUFFEUR_NAME_MAX_LENGTH = 100;

const text = z.string({ error: MESSAGES.allFieldsRequired });

export const AddChauffeurSchema = z
  .object({
    name: text.max(CHAUFFEUR_NAME_MAX_LENGTH, 'Name must be at most 100 characters.'),
    email: text.max(254, MESSAGES.invalidEmail),
    phone: text.max(20, MESSAGES.invalidPhone),
  })
  .superRefine((v, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!v.name.trim() || !v.email.trim() || !v.phone.trim()) fail(MESSAGES.allFieldsRequired);
    else if (!PHONE_PATTERN.test(v.phone.trim())) fail(MESSAGES.invalidPhone);
    else if (!EMAIL_PATTERN.test(v.email.trim())) fail(MESSAGES.invalidEmail);
  })
  .transform((v) => ({
    name: v.name.trim(),
    email: normalizeEmail(v.email),
    phone: v.phone.trim(),
  }));
export type AddChauffeurRequest = z.input<typeof AddChauffeurSchema>;

export const ChauffeurSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Whether they have set their password and authenticator yet (the invitation was used). */
  ready: z.boolean(),
  /** ISO 8601: when they were made a chauffeur. */
  addedAt: z.string(),
  /** Their sessions not yet ended (signed-in browsers, phones whose notifications are on). */
  sessions: z.number().int().nonnegative(),
  /** Whether they have a calendar link that works. */
  calendarLink: z.boolean(),
});
export type Chauffeur = z.infer<typeof ChauffeurSchema>;

export const ChauffeursResponseSchema = z.object({
  success: z.literal(true),
  chauffeurs: z.array(ChauffeurSchema),
  /** After adding or removing one: what happened, in the owner's words. */
  message: z.string().optional(),
});
export type ChauffeursResponse = z.infer<typeof ChauffeursResponseSchema>;

/** Who drives a ride: a chauffeur's (or an owner's) account id, or null for nobody yet. */
export const AssignChauffeurSchema = z.object({
  chauffeurId: z.uuid({ message: 'Choose a chauffeur from the list.' }).nullable(),
});
export type AssignChauffeurRequest = z.input<typeof AssignChauffeurSchema>;

/** The refusal when the chauffeur already drives a ride in that time. */
export const CHAUFFEUR_BUSY_MESSAGE =
  'This chauffeur already drives another ride at that time (with its turnaround).';

/** Who may drive a ride, for the board's choice: the chauffeurs, and the owners. */
export const DriverSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(['owner', 'chauffeur']),
});
export type Driver = z.infer<typeof DriverSchema>;

export const DriversResponseSchema = z.object({
  success: z.literal(true),
  drivers: z.array(DriverSchema),
});
export type DriversResponse = z.infer<typeof DriversResponseSchema>;
