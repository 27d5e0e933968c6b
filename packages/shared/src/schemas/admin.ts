import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit.ts';
import { readBookingReference } from '../booking-reference.ts';

/*
 * The owner's back office (`/api/admin/…`): the second factor and the audit trail. Every route
 * needs an owner's session; all but the second factor's own need it to have passed the second
 * factor (otherwise 403 with `code: 'mfa_required'`).
 */

/** Where the owner's session stands with the second factor. */
export const MFA_STATES = ['enrol', 'verify', 'verified'] as const;
export type MfaState = (typeof MFA_STATES)[number];

/** `GET /admin/session`. */
export const AdminSessionResponseSchema = z.object({
  success: z.literal(true),
  /** `enrol`: no authenticator yet; `verify`: enter a code in this session; `verified`: done. */
  mfa: z.enum(MFA_STATES),
  /** Unused recovery codes (0 before enrolment). */
  recoveryCodesLeft: z.number().int().min(0),
});
export type AdminSessionResponse = z.infer<typeof AdminSessionResponseSchema>;

/** `POST /admin/mfa/enrol`: a new secret, until a code from it is confirmed. */
export const MfaEnrolResponseSchema = z.object({
  success: z.literal(true),
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** The `otpauth://totp/…` URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type MfaEnrolResponse = z.infer<typeof MfaEnrolResponseSchema>;

export const TOTP_CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
export const RECOVERY_CODE_FORMAT_MESSAGE =
  'Enter a recovery code as it was shown to you, such as abcd-efgh-ijkl-mnop-qrst-uvwx.';

/** Digits, spaces allowed (apps show `123 456`). */
const totpCode = z
  .string({ error: TOTP_CODE_FORMAT_MESSAGE })
  .max(20, TOTP_CODE_FORMAT_MESSAGE)
  .transform((code) => code.replace(/\s/g, ''))
  .refine((code) => /^\d{6}$/.test(code), TOTP_CODE_FORMAT_MESSAGE);

/** 24 base32 letters and digits, read however they were typed (case, spaces, hyphens). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{24}$/;
const recoveryCode = z
  .string({ error: RECOVERY_CODE_FORMAT_MESSAGE })
  .max(60, RECOVERY_CODE_FORMAT_MESSAGE)
  .transform((code) => code.toLowerCase().replace(/[\s-]/g, ''))
  .refine((code) => RECOVERY_CODE_PATTERN.test(code), RECOVERY_CODE_FORMAT_MESSAGE);

/** `POST /admin/mfa/confirm`: the first code from the new secret. */
export const MfaConfirmSchema = z.object({ code: totpCode });
export type MfaConfirmRequest = z.input<typeof MfaConfirmSchema>;

/** The ten recovery codes, shown this once. */
export const MfaConfirmResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type MfaConfirmResponse = z.infer<typeof MfaConfirmResponseSchema>;

export const CODE_OR_RECOVERY_CODE_MESSAGE =
  'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

/** `POST /admin/mfa/verify`: a code from the app, or one of the recovery codes (one of the two). */
export const MfaVerifySchema = z
  .object({ code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine(
    (v) => (v.code === undefined) !== (v.recoveryCode === undefined),
    CODE_OR_RECOVERY_CODE_MESSAGE,
  );
export type MfaVerifyRequest = z.input<typeof MfaVerifySchema>;

/** `{ success, message }`, and how many recovery codes are left. */
export const MfaVerifyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type MfaVerifyResponse = z.infer<typeof MfaVerifyResponseSchema>;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 100;

/** An empty query value (`?serviceId=`) means no filter. */
const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ message }).optional());

export const AUDIT_RIDE_MESSAGE =
  "Enter the ride's booking reference (like 3F9A-1C2B) or its full id.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A ride as the owner types it in the audit trail's filter: its booking reference
 * (`3F9A-1C2B`, any case, with or without the hyphen: `readBookingReference`) or its id. The
 * answer is the id's lowercase beginning (8 hex digits) or the whole id.
 */
export function readAuditRide(text: string): { reference: string } | { id: string } | null {
  const trimmed = text.trim();
  if (UUID.test(trimmed)) return { id: trimmed.toLowerCase() };
  const reference = readBookingReference(trimmed);
  return reference ? { reference } : null;
}

/**
 * `GET /admin/audit?serviceId=&appointmentId=&ride=&before=&limit=`: newest first, a page at a
 * time. `ride` is a booking reference or a ride's id (`readAuditRide`).
 */
export const AuditQuerySchema = z.object({
  serviceId: optionalId('Invalid service id'),
  appointmentId: optionalId('Invalid appointment id'),
  ride: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: AUDIT_RIDE_MESSAGE })
      .max(60, AUDIT_RIDE_MESSAGE)
      .refine((v) => readAuditRide(v) !== null, AUDIT_RIDE_MESSAGE)
      .optional(),
  ),
  /** The last event of the page before: the next page starts after it. */
  before: optionalId('Invalid event id'),
  limit: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z
      .number({ error: `The limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}.` })
      .int(`The limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}.`)
      .min(1, `The limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}.`)
      .max(
        AUDIT_MAX_PAGE_SIZE,
        `The limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}.`,
      )
      .default(AUDIT_PAGE_SIZE),
  ),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

const auditState = z.record(z.string(), z.unknown()).nullable();

export const AuditEventSchema = z.object({
  id: z.uuid(),
  /** ISO 8601. */
  at: z.string(),
  /** Who did it: an owner (their id, and their email then), or the command line (`cli`). */
  actor: z.object({ userId: z.uuid().nullable(), label: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  serviceId: z.uuid().nullable(),
  /** The car's name as it is now (a retired car's too); null without a car or for one gone. */
  carName: z.string().nullable(),
  appointmentId: z.uuid().nullable(),
  /** `bookingReference(appointmentId)`: the ride as the customer and the emails name it. */
  bookingReference: z.string().nullable(),
  before: auditState,
  after: auditState,
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditResponseSchema = z.object({
  success: z.literal(true),
  events: z.array(AuditEventSchema),
  /** `before` for the next page; null on the last one. */
  nextBefore: z.uuid().nullable(),
});
export type AuditResponse = z.infer<typeof AuditResponseSchema>;
