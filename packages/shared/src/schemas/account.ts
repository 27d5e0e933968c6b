import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { STAFF_ROLES } from '../roles.ts';

/**
 * Account and feedback requests, checked in the browser before sending and again at the server.
 * Where docs/product.md orders the checks, each schema reports only the first failing one, in that order.
 */

/** Exactly 10 digits, or 3-3-4 digits with hyphens. */
export const PHONE_PATTERN = /^(\d{10}|\d{3}-\d{3}-\d{4})$/;
/**
 * Something@something.tld, no spaces, and none of `<>",` (what would let an address carry a
 * display name or a second recipient into a mail header).
 */
export const EMAIL_PATTERN = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;
/** 8 or more characters with a letter, a digit and a special character. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;
export const MIN_PASSWORD_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it is cheap. */
export const MAX_PASSWORD_LENGTH = 128;
export const FEEDBACK_MAX_LENGTH = 2000;

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;

export type PasswordStrength = 'Weak' | 'Medium' | 'Strong';

/** Under 6 characters Weak; the full rule Strong; otherwise 8 or more Medium; else Weak. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < 6) return 'Weak';
  if (STRONG_PASSWORD_PATTERN.test(password)) return 'Strong';
  return password.length >= MIN_PASSWORD_LENGTH ? 'Medium' : 'Weak';
}

/** Emails are compared case-insensitively: stored and looked up trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const text = z.string({ error: MESSAGES.allFieldsRequired });
const blank = (value: string) => value.trim() === '';

/** The first failing rule's message, as a single zod issue. */
function firstFailure<T>(checks: [boolean | ((value: T) => boolean), string][]) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const [fails, message] of checks) {
      if (typeof fails === 'function' ? fails(value) : fails) {
        ctx.addIssue({ code: 'custom', message });
        return;
      }
    }
  };
}

export const LoginSchema = z
  .object({
    email: text.max(254, MESSAGES.invalidEmail),
    password: text.max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
  })
  .superRefine((v, ctx) =>
    firstFailure<typeof v>([
      [(x) => blank(x.email) || x.password === '', MESSAGES.allFieldsRequired],
      [(x) => !EMAIL_PATTERN.test(x.email.trim()), MESSAGES.invalidEmail],
    ])(v, ctx),
  )
  .transform((v) => ({ ...v, email: normalizeEmail(v.email) }));
export type LoginRequest = z.input<typeof LoginSchema>;

export const SignupSchema = z
  .object({
    name: text.max(100, 'Name must be at most 100 characters.'),
    email: text.max(254, MESSAGES.invalidEmail),
    password: text.max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
    phone: text.max(20, MESSAGES.invalidPhone),
  })
  .superRefine((v, ctx) =>
    firstFailure<typeof v>([
      [
        (x) => blank(x.name) || blank(x.email) || x.password === '' || blank(x.phone),
        MESSAGES.allFieldsRequired,
      ],
      [(x) => !PHONE_PATTERN.test(x.phone.trim()), MESSAGES.invalidPhone],
      [(x) => !EMAIL_PATTERN.test(x.email.trim()), MESSAGES.invalidEmail],
      [(x) => x.password.length < MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE],
    ])(v, ctx),
  )
  .transform((v) => ({
    ...v,
    name: v.name.trim(),
    phone: v.phone.trim(),
    email: normalizeEmail(v.email),
  }));
export type SignupRequest = z.input<typeof SignupSchema>;

export const GoogleLoginSchema = z.object({
  token: z
    .string({ error: MESSAGES.googleLoginFailed })
    .min(1, MESSAGES.googleLoginFailed)
    .max(4096, MESSAGES.googleLoginFailed),
});
export type GoogleLoginRequest = z.input<typeof GoogleLoginSchema>;

export const ForgotPasswordSchema = z
  .object({ email: z.string({ error: MESSAGES.invalidEmail }).max(254, MESSAGES.invalidEmail) })
  .refine((v) => EMAIL_PATTERN.test(v.email.trim()), MESSAGES.invalidEmail)
  .transform((v) => ({ email: normalizeEmail(v.email) }));
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.object({
  token: z
    .string({ error: 'This reset link is invalid or has expired.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This reset link is invalid or has expired.'),
  newPassword: z
    .string({ error: MESSAGES.weakPassword })
    .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE)
    .regex(STRONG_PASSWORD_PATTERN, MESSAGES.weakPassword),
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordSchema>;

export const INVALID_VERIFY_LINK_MESSAGE = 'This confirmation link is invalid or has expired.';
export const EMAIL_VERIFIED_MESSAGE = 'Your email address is confirmed.';
export const VERIFY_EMAIL_SENT_MESSAGE =
  'If an account with that email is waiting for confirmation, we have sent it a new link.';

/** `POST /api/user/verify-email`: the token of the link in the confirmation email. */
export const VerifyEmailSchema = z.object({
  token: z
    .string({ error: INVALID_VERIFY_LINK_MESSAGE })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, INVALID_VERIFY_LINK_MESSAGE),
});
export type VerifyEmailRequest = z.input<typeof VerifyEmailSchema>;

/** `POST /api/user/verify-email/resend`: the address to send a new link to (same answer either way). */
export const ResendVerifyEmailSchema = ForgotPasswordSchema;
export type ResendVerifyEmailRequest = z.input<typeof ResendVerifyEmailSchema>;

export const GENDERS = ['Not Selected', 'Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isPastIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    date.getTime() <= Date.now() &&
    value >= '1900-01-01'
  );
}

export const UpdateProfileSchema = z
  .object({
    name: text.max(100, 'Name must be at most 100 characters.'),
    address: text.max(300, 'Address must be at most 300 characters.'),
    phone: text.max(20, MESSAGES.invalidPhone),
    gender: text,
    dob: text,
  })
  .superRefine((v, ctx) =>
    firstFailure<typeof v>([
      [
        (x) => [x.name, x.address, x.phone, x.gender, x.dob].some(blank),
        MESSAGES.allFieldsRequired,
      ],
      [(x) => !PHONE_PATTERN.test(x.phone.trim()), MESSAGES.invalidPhone],
      [(x) => !isGender(x.gender), 'Please choose a gender from the list.'],
      [(x) => !isPastIsoDate(x.dob), 'Please enter a valid date of birth.'],
    ])(v, ctx),
  )
  .transform((v) => ({
    ...v,
    gender: v.gender as Gender,
    name: v.name.trim(),
    address: v.address.trim(),
    phone: v.phone.trim(),
  }));
export type UpdateProfileRequest = z.input<typeof UpdateProfileSchema>;

export const UserProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  gender: z.enum(GENDERS),
  /** `YYYY-MM-DD`, or empty when not given yet. */
  dob: z.string(),
  /**
   * Only staff's profile says it (the header's Console or Day sheet link); a customer's never
   * has it.
   */
  role: z.enum(STAFF_ROLES).optional(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/**
 * A staff account whose session has not passed the second factor: its role, so the site sends
 * it to the code screen (/admin), and the email it signed in with. Nothing else of the account
 * (name, phone, address, date of birth) until the code is in (docs/security.md, V8).
 */
export const PendingStaffProfileSchema = z.object({
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  secondFactor: z.literal('required'),
});
export type PendingStaffProfile = z.infer<typeof PendingStaffProfileSchema>;

/** Who is signed in: the profile, or a staff session still to pass the second factor. */
export type SignedInProfile = UserProfile | PendingStaffProfile;

/** `GET /user/profile`: `user` is null for a visitor (not an error). */
export const ProfileResponseSchema = z.object({
  success: z.literal(true),
  user: z.union([UserProfileSchema, PendingStaffProfileSchema]).nullable(),
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

export const FEEDBACK_EMOJIS = ['sad', 'neutral', 'happy'] as const;

export const FeedbackSchema = z
  .object({
    feedback: z
      .string({ error: MESSAGES.feedbackRequired })
      .max(FEEDBACK_MAX_LENGTH, `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters.`),
    /** 1 to 5 stars; 0 when the customer gave none. */
    rating: z
      .number({ error: 'Rating must be a whole number from 0 to 5.' })
      .int('Rating must be a whole number from 0 to 5.')
      .min(0, 'Rating must be a whole number from 0 to 5.')
      .max(5, 'Rating must be a whole number from 0 to 5.'),
    isAnonymous: z.boolean({ error: 'isAnonymous must be true or false.' }),
    emoji: z.enum([...FEEDBACK_EMOJIS, ''], {
      error: 'Mood must be sad, neutral, happy or empty.',
    }),
  })
  .refine((v) => !blank(v.feedback), MESSAGES.feedbackRequired)
  .transform((v) => ({ ...v, feedback: v.feedback.trim() }));
export type FeedbackRequest = z.input<typeof FeedbackSchema>;

/**
 * `{ success, message }`: what the account, sign-in and feedback calls answer (register, login,
 * logout, update-profile, forgot- and reset-password, Google sign-in, leave-feedback).
 */
export const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
