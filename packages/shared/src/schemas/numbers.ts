import { z } from 'zod';
import { isoDate, RIDE_DATE_ORDER_MESSAGE } from './rides.ts';
import { TRAVEL_SETTING_KEYS, TravelSettingsStateSchema } from './travel-settings.ts';

/*
 * The owner's numbers (`GET /admin/numbers`): this week and this month in New York (weeks run
 * Monday to Sunday). A ride is a booking whose deposit was paid and which was not cancelled
 * (paid, completed or no-show), counted on the day it is for. Money counts when it moved:
 * deposits when paid (a payment given back because it came late or twice included), balances
 * and tips when the bill was paid, refunds when they were asked of the payment provider (failed
 * ones left out).
 */

export const BUSIEST_SHOWN = 5;

export const NumbersPeriodSchema = z.object({
  /** `This week`, `This month`. */
  title: z.string(),
  /** `November 16 – 22, 2026`, `November 2026`. */
  label: z.string(),
  /** ISO 8601: the period's first instant, and the first after it. */
  from: z.string(),
  until: z.string(),
  rides: z.number().int().min(0),
  depositsCents: z.number().int().min(0),
  /** What paid bills charged beyond the deposit, tips apart; `bills`: how many were paid. */
  balancesCents: z.number().int().min(0),
  tipsCents: z.number().int().min(0),
  bills: z.number().int().min(0),
  refundsCents: z.number().int().min(0),
  refunds: z.number().int().min(0),
  /** Deposits, balances and tips, less refunds. */
  netCents: z.number().int(),
  /** The cars with the most rides, most first (at most `BUSIEST_SHOWN`). */
  busiestCars: z.array(
    z.object({ serviceId: z.uuid(), name: z.string(), rides: z.number().int().min(1) }),
  ),
  /** The New York hours rides start in, most first (at most `BUSIEST_SHOWN`): `9 AM`. */
  busiestHours: z.array(
    z.object({
      hour: z.number().int().min(0).max(23),
      label: z.string(),
      rides: z.number().int().min(1),
    }),
  ),
  /** Rides on each day of the period, in order: what the chart draws. */
  days: z.array(
    z.object({
      /** `2026-11-16`. */
      date: z.string(),
      /** `Mon 16`. */
      label: z.string(),
      rides: z.number().int().min(0),
    }),
  ),
});
export type NumbersPeriod = z.infer<typeof NumbersPeriodSchema>;

export const NumbersResponseSchema = z.object({
  success: z.literal(true),
  week: NumbersPeriodSchema,
  month: NumbersPeriodSchema,
});
export type NumbersResponse = z.infer<typeof NumbersResponseSchema>;

/** The most New York days one payments export spans (a year, leap day included). */
export const PAYMENTS_EXPORT_MAX_DAYS = 366;
export const PAYMENTS_EXPORT_SPAN_MESSAGE = `Export at most ${PAYMENTS_EXPORT_MAX_DAYS} days at once.`;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * `GET /admin/numbers/payments.csv?from=&to=`: every payment and refund between two New York
 * days, both included, for the accountant.
 */
export const PaymentsExportQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
  })
  .refine((q) => q.from <= q.to, { message: RIDE_DATE_ORDER_MESSAGE, path: ['to'] })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) < PAYMENTS_EXPORT_MAX_DAYS, {
    message: PAYMENTS_EXPORT_SPAN_MESSAGE,
    path: ['to'],
  });
export type PaymentsExportQuery = z.infer<typeof PaymentsExportQuerySchema>;

/*
 * Drive times (`GET /admin/numbers/drive-times`, issue 29's calibration): the offline estimate
 * of each ride's drive against the time from "Passenger on board" to "Dropped off", by the kind
 * of hour it left in, and the `TRAVEL_*` setting each kind would have matched.
 */

/** The kinds of hour the offline estimate drives at: a weekday's rush, the day, the night. */
export const DRIVE_BANDS = ['rush', 'day', 'night'] as const;
export type DriveBand = (typeof DRIVE_BANDS)[number];

/** Rides dropped off within this many days are measured. */
export const DRIVE_TIMES_DAYS = 90;
/** The latest measured rides listed. */
export const DRIVE_TIMES_RECENT = 20;

export const DriveBandTimesSchema = z.object({
  band: z.enum(DRIVE_BANDS),
  rides: z.number().int().min(0),
  /** Medians of the band's rides, in minutes; null without rides. */
  estimatedMinutes: z.number().nullable(),
  realMinutes: z.number().nullable(),
  /** Median of real ÷ estimated: above 1, the drives took longer than estimated. */
  ratio: z.number().nullable(),
  setting: z.object({
    /** `dayMph`: the field of the owner's form it tunes. */
    key: z.enum(TRAVEL_SETTING_KEYS),
    /** `TRAVEL_DAY_MPH`. */
    env: z.string(),
    current: z.number(),
    /** The value its median ride would have matched; null from too few rides. */
    suggested: z.number().nullable(),
  }),
});
export type DriveBandTimes = z.infer<typeof DriveBandTimesSchema>;

export const DriveTimesResponseSchema = z.object({
  success: z.literal(true),
  bands: z.array(DriveBandTimesSchema),
  /** The latest measured rides, newest first. */
  recent: z.array(
    z.object({
      id: z.uuid(),
      /** ISO 8601: when the passenger got on board. */
      onBoardAt: z.string(),
      carName: z.string(),
      pickupAddress: z.string(),
      dropoffAddress: z.string(),
      band: z.enum(DRIVE_BANDS),
      estimatedMinutes: z.number().int(),
      realMinutes: z.number().int(),
    }),
  ),
  /** Rides with both taps whose addresses the estimate could not place: not measured. */
  unplaced: z.number().int().min(0),
  /** The numbers the drives were estimated with, for the owner's form. */
  settings: TravelSettingsStateSchema,
});
export type DriveTimesResponse = z.infer<typeof DriveTimesResponseSchema>;
