import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const money = (name: string) => integer(name).notNull();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A car the business offers. Money is integer cents; the API shows whole dollars. */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Catalogue order: the home page's "Top Cars" are the first ten. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    serviceLevel: text('service_level').notNull(),
    model: text('model').notNull(),
    image: text('image').notNull(),
    about: text('about').notNull(),
    address: text('address').notNull(),
    available: boolean('available').notNull().default(true),
    feesCents: money('fees_cents'),
    serviceTypes: text('service_types').array().notNull(),
    specialPricePerHourCents: money('special_price_per_hour_cents'),
    specialPriceOneHourFifteenCents: money('special_price_one_hour_fifteen_cents'),
    specialPriceExtraCents: money('special_price_extra_cents'),
    specialPriceFlatRateCents: money('special_price_flat_rate_cents'),
    serviceChargePerHourCents: money('service_charge_per_hour_cents'),
    rentalDailyCents: money('rental_daily_cents'),
    rentalWeeklyCents: money('rental_weekly_cents'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'services_model_known',
      sql`${t.model} in ('Tesla', 'Honda', 'Toyota', 'Kia', 'Chevrolet')`,
    ),
    check('services_fees_not_negative', sql`${t.feesCents} >= 0`),
    index('services_position_idx').on(t.position),
  ],
);

/**
 * Statuses that hold a slot. A hold (`pending_payment`) and a paid booking both keep a slot
 * from anyone else; an expired or cancelled appointment gives it back.
 */
export const LIVE_APPOINTMENT_STATUSES = ['pending_payment', 'paid'] as const;
export const APPOINTMENT_STATUSES = [
  ...LIVE_APPOINTMENT_STATUSES,
  'expired',
  'cancelled',
  'completed',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** A booked or held slot of one car. */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    slotStart: instant('slot_start').notNull(),
    /** `d_m_yyyy` and `9:30 AM` in New York, derived from slot_start when the row is written. */
    slotDate: text('slot_date').notNull(),
    slotTime: text('slot_time').notNull(),
    status: text('status').$type<AppointmentStatus>().notNull().default('pending_payment'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'appointments_status_known',
      sql`${t.status} in ('pending_payment', 'paid', 'expired', 'cancelled', 'completed')`,
    ),
    // The rule that makes double booking impossible, across any number of server instances:
    // at most one live appointment per car and slot start.
    uniqueIndex('appointments_one_live_per_slot')
      .on(t.serviceId, t.slotStart)
      .where(sql`${t.status} in ('pending_payment', 'paid')`),
    index('appointments_slot_start_idx').on(t.slotStart),
  ],
);
