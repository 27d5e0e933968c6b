import { z } from 'zod';

/*
 * The owner's numbers (`GET /admin/numbers`): this week and this month in New York (weeks run
 * Monday to Sunday). A ride is a booking whose deposit was paid and which was not cancelled
 * (paid, completed or no-show), counted on the day it is for; deposits count when they were
 * paid, refunds when they were asked of the payment provider (failed ones left out).
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
  refundsCents: z.number().int().min(0),
  refunds: z.number().int().min(0),
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
