import { z } from 'zod';
import { FEEDBACK_EMOJIS } from './account.ts';
import { newYorkInstant } from './blocks.ts';

/*
 * The owner's view of feedback (`GET /admin/feedback`): every message, newest first, filtered
 * by rating, mood and New York date range, a page at a time.
 */

export const OWNER_FEEDBACK_PAGE_SIZE = 20;
export const OWNER_FEEDBACK_MAX_PAGE_SIZE = 100;

export const OWNER_FEEDBACK_MESSAGES = {
  rating: 'The rating must be a whole number from 0 to 5.',
  mood: `The mood must be one of ${FEEDBACK_EMOJIS.join(', ')}.`,
  from: 'Enter the first day as a date, such as 2026-11-01.',
  to: 'Enter the last day as a date, such as 2026-11-30.',
  range: 'The first day must not be after the last day.',
  before: 'Invalid feedback id',
  limit: `The limit must be a whole number from 1 to ${OWNER_FEEDBACK_MAX_PAGE_SIZE}.`,
} as const;

/** An empty query value (`?rating=`) means no filter. */
const blankAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const day = (message: string) =>
  z.preprocess(
    blankAsUndefined,
    z
      .string({ error: message })
      .max(10, message)
      .refine((value) => newYorkInstant(value, '00:00') !== null, message)
      .optional(),
  );

/** `GET /admin/feedback?rating=&mood=&from=&to=&before=&limit=`. */
export const OwnerFeedbackQuerySchema = z
  .object({
    rating: z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : Number(v)),
      z
        .number({ error: OWNER_FEEDBACK_MESSAGES.rating })
        .int(OWNER_FEEDBACK_MESSAGES.rating)
        .min(0, OWNER_FEEDBACK_MESSAGES.rating)
        .max(5, OWNER_FEEDBACK_MESSAGES.rating)
        .optional(),
    ),
    mood: z.preprocess(
      blankAsUndefined,
      z.enum(FEEDBACK_EMOJIS, { error: OWNER_FEEDBACK_MESSAGES.mood }).optional(),
    ),
    /** The first and last New York day, inclusive: `2026-11-01`. */
    from: day(OWNER_FEEDBACK_MESSAGES.from),
    to: day(OWNER_FEEDBACK_MESSAGES.to),
    /** The last message of the page before: the next page starts after it. */
    before: z.preprocess(
      blankAsUndefined,
      z.uuid({ message: OWNER_FEEDBACK_MESSAGES.before }).optional(),
    ),
    limit: z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : Number(v)),
      z
        .number({ error: OWNER_FEEDBACK_MESSAGES.limit })
        .int(OWNER_FEEDBACK_MESSAGES.limit)
        .min(1, OWNER_FEEDBACK_MESSAGES.limit)
        .max(OWNER_FEEDBACK_MAX_PAGE_SIZE, OWNER_FEEDBACK_MESSAGES.limit)
        .default(OWNER_FEEDBACK_PAGE_SIZE),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: OWNER_FEEDBACK_MESSAGES.range,
    path: ['to'],
  });
export type OwnerFeedbackQuery = z.input<typeof OwnerFeedbackQuerySchema>;

export const OwnerFeedbackItemSchema = z.object({
  id: z.uuid(),
  message: z.string(),
  rating: z.number().int(),
  /** `sad`, `neutral`, `happy`, or null when none was chosen. */
  mood: z.enum(FEEDBACK_EMOJIS).nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Who wrote it; null when they asked to stay anonymous (or their account is gone). */
  author: z.object({ name: z.string(), email: z.string() }).nullable(),
  anonymous: z.boolean(),
});
export type OwnerFeedbackItem = z.infer<typeof OwnerFeedbackItemSchema>;

export const OwnerFeedbackResponseSchema = z.object({
  success: z.literal(true),
  feedback: z.array(OwnerFeedbackItemSchema),
  /** How many messages match the filters, over every page. */
  total: z.number().int().min(0),
  /** The `before` of the next page; null on the last one. */
  nextBefore: z.string().nullable(),
});
export type OwnerFeedbackResponse = z.infer<typeof OwnerFeedbackResponseSchema>;
