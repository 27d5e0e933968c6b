import { z } from 'zod';
import { instantFromWallClock } from '../slots.ts';

/*
 * The owner's blocks (`/api/admin/blocks`): stretches of time a car cannot be booked
 * (maintenance, private use). Times are entered as New York wall-clock date and time.
 */

export const BLOCK_NOTE_MAX = 500;
/** A block longer than this is a retirement, not a block (the Fleet area retires cars). */
export const BLOCK_MAX_DAYS = 366;
/** The most occurrences one weekly repeat makes (a year of weeks and some). */
export const BLOCK_MAX_OCCURRENCES = 60;

export const BLOCK_MESSAGES = {
  car: 'Choose the car to block.',
  startDate: 'Enter the date the block starts.',
  startTime: 'Enter the time the block starts.',
  endDate: 'Enter the date the block ends.',
  endTime: 'Enter the time the block ends.',
  startMissing: 'This start time does not exist in New York (the clocks skip it). Choose another.',
  endMissing: 'This end time does not exist in New York (the clocks skip it). Choose another.',
  endAfterStart: 'The block must end after it starts.',
  tooLong: `A block can last at most ${BLOCK_MAX_DAYS} days.`,
  endsInPast: 'The block must end in the future.',
  note: `Keep the note under ${BLOCK_NOTE_MAX} characters.`,
  carOrAllCars: 'Choose one car or every car, not both.',
  until: 'Enter the date the repeat ends.',
  untilBeforeStart: 'The repeat must end on or after the day the block starts.',
  tooManyOccurrences: `A repeat can make at most ${BLOCK_MAX_OCCURRENCES} blocks: choose an earlier end date.`,
  repeatTooLong: 'A block that repeats weekly must last less than a week.',
  repeatMissing:
    'One of the repeats falls on a time that does not exist in New York (the clocks skip it). Choose another time.',
  created: 'The car is blocked for that time.',
  createdSeries: 'The blocks are made: customers cannot book those times.',
  deleted: 'The block is removed: customers can book that time again.',
  deletedSeries: 'The blocks are removed: customers can book those times again.',
  notFound: 'This block does not exist (it may have been removed already).',
} as const;

/** `2026-11-30`, as `<input type="date">` gives it. */
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** `09:30`, as `<input type="time">` gives it (seconds, if any, are dropped). */
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

const dateField = (message: string) =>
  z.string({ error: message }).max(10, message).regex(DATE_PATTERN, message);
const timeField = (message: string) =>
  z.string({ error: message }).max(8, message).regex(TIME_PATTERN, message);

/** A New York wall-clock date and time as an instant, or null when the clocks skip it. */
export function newYorkInstant(date: string, time: string): Date | null {
  const d = DATE_PATTERN.exec(date);
  const t = TIME_PATTERN.exec(time);
  if (!d || !t) return null;
  const wall = {
    year: Number(d[1]),
    month: Number(d[2]),
    day: Number(d[3]),
    hour: Number(t[1]),
    minute: Number(t[2]),
  };
  const check = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  if (check.getUTCMonth() !== wall.month - 1 || check.getUTCDate() !== wall.day) return null;
  return instantFromWallClock(wall);
}

/** `2026-11-30` plus `days` days, as a date string. */
function addDays(date: string, days: number): string {
  const d = DATE_PATTERN.exec(date);
  if (!d) return date;
  const at = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]) + days));
  return at.toISOString().slice(0, 10);
}

/**
 * `POST /admin/blocks`: a car (or `allCars: true`, every car not retired) and New York start
 * and end; `repeat: { weekly: true, until }` repeats it every week on the same weekday and
 * wall-clock times, while the repeat's start date is on or before `until`. Parsed, it carries
 * the instants of each occurrence (`occurrences`, the first also as `startsAt`, `endsAt`); the
 * server checks "ends in the future" against its own clock.
 */
export const BlockCreateSchema = z
  .object({
    serviceId: z.uuid({ message: BLOCK_MESSAGES.car }).optional(),
    allCars: z.literal(true, { message: BLOCK_MESSAGES.car }).optional(),
    startDate: dateField(BLOCK_MESSAGES.startDate),
    startTime: timeField(BLOCK_MESSAGES.startTime),
    endDate: dateField(BLOCK_MESSAGES.endDate),
    endTime: timeField(BLOCK_MESSAGES.endTime),
    repeat: z
      .object({
        weekly: z.literal(true, { message: BLOCK_MESSAGES.until }),
        until: dateField(BLOCK_MESSAGES.until),
      })
      .optional(),
    note: z
      .string({ error: BLOCK_MESSAGES.note })
      .max(BLOCK_NOTE_MAX, BLOCK_MESSAGES.note)
      .default('')
      .transform((note) => note.trim()),
  })
  .transform((input, ctx) => {
    if (input.serviceId && input.allCars) {
      ctx.addIssue({ code: 'custom', path: ['serviceId'], message: BLOCK_MESSAGES.carOrAllCars });
      return z.NEVER;
    }
    if (!input.serviceId && !input.allCars) {
      ctx.addIssue({ code: 'custom', path: ['serviceId'], message: BLOCK_MESSAGES.car });
      return z.NEVER;
    }
    const startsAt = newYorkInstant(input.startDate, input.startTime);
    const endsAt = newYorkInstant(input.endDate, input.endTime);
    if (!startsAt)
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: BLOCK_MESSAGES.startMissing });
    if (!endsAt)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: BLOCK_MESSAGES.endMissing });
    if (!startsAt || !endsAt) return z.NEVER;
    if (endsAt <= startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: BLOCK_MESSAGES.endAfterStart });
      return z.NEVER;
    }
    if (endsAt.getTime() - startsAt.getTime() > BLOCK_MAX_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: BLOCK_MESSAGES.tooLong });
      return z.NEVER;
    }
    const occurrences = [{ startsAt, endsAt }];
    const { repeat } = input;
    if (repeat) {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message });
        return z.NEVER;
      };
      if (!newYorkInstant(repeat.until, '00:00')) return fail(BLOCK_MESSAGES.until);
      if (repeat.until < input.startDate) return fail(BLOCK_MESSAGES.untilBeforeStart);
      if (endsAt.getTime() - startsAt.getTime() >= 7 * 86_400_000)
        return fail(BLOCK_MESSAGES.repeatTooLong);
      for (let week = 1; addDays(input.startDate, 7 * week) <= repeat.until; week++) {
        if (week >= BLOCK_MAX_OCCURRENCES) return fail(BLOCK_MESSAGES.tooManyOccurrences);
        const from = newYorkInstant(addDays(input.startDate, 7 * week), input.startTime);
        const until = newYorkInstant(addDays(input.endDate, 7 * week), input.endTime);
        if (!from || !until || until <= from) return fail(BLOCK_MESSAGES.repeatMissing);
        occurrences.push({ startsAt: from, endsAt: until });
      }
    }
    return {
      serviceId: input.serviceId ?? null,
      allCars: input.allCars === true,
      startsAt,
      endsAt,
      occurrences,
      note: input.note,
    };
  });
export type BlockCreateRequest = z.input<typeof BlockCreateSchema>;
export type BlockCreateInput = z.output<typeof BlockCreateSchema>;

/** The body of `POST /admin/blocks/:blockId/delete`: `series: true` also removes the following. */
export const BlockDeleteSchema = z
  .object({ series: z.boolean({ message: 'Say whether to remove the following blocks too.' }) })
  .partial()
  .optional()
  .transform((body) => ({ series: body?.series === true }));
export type BlockDeleteRequest = z.input<typeof BlockDeleteSchema>;

/** The `:blockId` of `POST /admin/blocks/:blockId/delete`. */
export const BlockIdSchema = z.uuid({ message: 'Invalid block id' });

export const BlockSchema = z.object({
  id: z.uuid(),
  serviceId: z.uuid(),
  serviceName: z.string(),
  /** ISO 8601. */
  startsAt: z.string(),
  endsAt: z.string(),
  note: z.string(),
  /** The owner who made it (their email), or null if they are gone. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** Shared by the rows one request made (every car, a weekly repeat); null for a lone block. */
  seriesId: z.uuid().nullable(),
});
export type Block = z.infer<typeof BlockSchema>;

/** `GET /admin/blocks`: blocks not yet over, soonest first; then recent past ones, newest first. */
export const BlocksResponseSchema = z.object({
  success: z.literal(true),
  upcoming: z.array(BlockSchema),
  past: z.array(BlockSchema),
});
export type BlocksResponse = z.infer<typeof BlocksResponseSchema>;

export const BlockResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The first block made (the earliest, of the first car). */
  block: BlockSchema,
  /** Every block made: one per car and occurrence. */
  blocks: z.array(BlockSchema),
});
export type BlockResponse = z.infer<typeof BlockResponseSchema>;
