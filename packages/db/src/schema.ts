import { sql, type SQL } from 'drizzle-orm';
import {
  APPOINTMENT_STATUSES,
  BILL_CHARGE_STATUSES,
  BILL_RULE_BOUNDS,
  BILL_STATUSES,
  TIP_CHOICES,
  type BillChargeStatus,
  type BillLine,
  type BillStatus,
  type TipChoice,
  CAR_MAKES,
  type AuditAction,
  CANCELLED_BY,
  type CancelledBy,
  MESSAGE_AUDIENCES,
  MESSAGE_CHANNELS,
  MESSAGE_TEMPLATES,
  type MessageAudience,
  type MessageChannel,
  type MessageTemplate,
  OUTBOX_STATUSES,
  type OutboxStatus,
  type ServicePhoto,
  FEEDBACK_EMOJIS,
  GENDERS,
  REVIEW_HIDDEN_REASON_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_STARS,
  REVIEW_TAGS,
  REVIEW_TEXT_MAX,
  REFUND_REASONS,
  REFUND_STATUSES,
  REFUND_TIER_BOUNDS,
  TRAVEL_SETTING_FIELDS,
  TRIP_STATUSES,
  USER_ROLES,
  type AppointmentStatus,
  type RefundReason,
  type RefundStatus,
  type TripStatus,
  type UserRole,
} from '@app/shared';
import {
  bigint,
  boolean,
  check,
  type AnyPgColumn,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const money = (name: string) => integer(name).notNull();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * `column in ('a', 'b')` from a list the app shares, so a CHECK and the code's list cannot drift
 * apart. The values are written into the SQL, not bound: a constraint has no parameters.
 */
const isOneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;

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
    /** Seats for the customer's party (passengers; a rental's count the driver's) and large bags. */
    seats: integer('seats').notNull().default(4),
    bags: integer('bags').notNull().default(2),
    /**
     * Minutes the car needs after a booking before the next (cleaning, getting back), by kind
     * of service; a booking keeps its car until its end plus these (ADR 018).
     */
    rideTurnaroundMinutes: integer('ride_turnaround_minutes').notNull().default(30),
    hourlyTurnaroundMinutes: integer('hourly_turnaround_minutes').notNull().default(30),
    rentalTurnaroundMinutes: integer('rental_turnaround_minutes').notNull().default(60),
    /** An uploaded photo, shown instead of `image` (the demo artwork) once there is one. */
    photo: jsonb('photo').$type<ServicePhoto>(),
    /** The registration plate, told to the customer when the chauffeur is on the way. */
    plate: text('plate').notNull().default(''),
    /** The chauffeur a paid booking of this car is given when they are free then (or none). */
    defaultChauffeurId: uuid('default_chauffeur_id').references((): AnyPgColumn => users.id),
    /** Retired by an owner: gone from the site, kept for the rides that name it. */
    retiredAt: instant('retired_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('services_model_known', isOneOf(t.model, CAR_MAKES)),
    check('services_fees_not_negative', sql`${t.feesCents} >= 0`),
    check('services_seats_in_range', sql`${t.seats} between 1 and 60`),
    check('services_bags_in_range', sql`${t.bags} between 0 and 60`),
    check(
      'services_turnarounds_in_range',
      sql`${t.rideTurnaroundMinutes} between 0 and 720 and ${t.hourlyTurnaroundMinutes} between 0 and 720 and ${t.rentalTurnaroundMinutes} between 0 and 720`,
    ),
    index('services_position_idx').on(t.position),
  ],
);

/** A booked or held slot of one car, with the ride's details and its payment state. */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    slotStart: instant('slot_start').notNull(),
    /** `d_m_yyyy` and `9:30 AM` in New York, derived from slot_start when the row is written. */
    slotDate: text('slot_date').notNull(),
    slotTime: text('slot_time').notNull(),
    /**
     * The car's time (ADR 018): the ride lasts `length_minutes` (elapsed) to `ends_at`, and the
     * car is the booking's until `occupied_until`, its end plus the car's turnaround when booked.
     * No two live bookings of a car overlap there (`appointments_no_overlap`, migration 0020).
     * Bookings made before lengths kept their half hour: 30 minutes, no turnaround.
     */
    lengthMinutes: integer('length_minutes').notNull(),
    endsAt: instant('ends_at').notNull(),
    turnaroundMinutes: integer('turnaround_minutes').notNull(),
    occupiedUntil: instant('occupied_until').notNull(),
    status: text('status').$type<AppointmentStatus>().notNull().default('pending_payment'),
    serviceType: text('service_type').notNull(),
    phone: text('phone').notNull(),
    pickupAddress: text('pickup_address').notNull(),
    dropoffAddress: text('dropoff_address').notNull(),
    pickupNotes: text('pickup_notes').notNull().default(''),
    needsReturnRide: boolean('needs_return_ride'),
    returnPickupAddress: text('return_pickup_address').notNull().default(''),
    returnDropoffAddress: text('return_dropoff_address').notNull().default(''),
    returnPickupNotes: text('return_pickup_notes').notNull().default(''),
    /** The deposit, computed by the server: fees + 1 dollar. */
    amountCents: integer('amount_cents').notNull(),
    /**
     * The ride's price by the rate cards for the booked length, the promotion applied, as it
     * was when booked (settled after the ride); null for bookings made before lengths.
     */
    priceCents: integer('price_cents'),
    /**
     * Why the price is what it is, in words, from the same estimate as `price_cents` when booked
     * (`weekend flat rate`, `20% off Tesla`); null for bookings made before reasons were kept.
     */
    priceReasons: text('price_reasons').array(),
    /** The appointment's current checkout: the one a customer is sent to, or the one that paid. */
    checkoutSessionId: text('checkout_session_id'),
    /**
     * When the current checkout attempt ends (null before the first). Written by the one
     * conditional update that opens an attempt, only when none is open; every caller then asks
     * the provider for the same session (the request and its idempotency key derive from it).
     */
    checkoutExpiresAt: instant('checkout_expires_at'),
    /** The provider's payment that paid the appointment (a refund of it names this). */
    paymentIntentId: text('payment_intent_id'),
    /** A pending appointment holds its slot until then (the checkout's lifetime). */
    holdExpiresAt: instant('hold_expires_at').notNull(),
    /** The customer's key for the booking attempt that made this hold: its retries answer it. */
    bookingKey: uuid('booking_key'),
    /**
     * A keyed hash of the client address (IPv6: its /64) that made the hold, never the address:
     * what bounds one address's holds. Kept only while the hold is live.
     */
    clientAddressHash: text('client_address_hash'),
    paidAt: instant('paid_at'),
    cancelledAt: instant('cancelled_at'),
    /** When an owner marked it completed or a no-show: what may be undone for a short while. */
    finishedAt: instant('finished_at'),
    cancelledBy: text('cancelled_by').$type<CancelledBy>(),
    /** The owner's reason, told to the customer; empty when the customer cancelled. */
    cancelReason: text('cancel_reason').notNull().default(''),
    /** When the customer agreed to texts about this ride (the booking policy checkbox). */
    smsConsentAt: instant('sms_consent_at'),
    /**
     * When each reminder was claimed: set by the conditional update that writes its outbox row,
     * cleared by a reschedule (the new time gets its own reminders).
     */
    reminded24hAt: instant('reminded_24h_at'),
    reminded2hAt: instant('reminded_2h_at'),
    /**
     * When the chauffeur was nudged for not being on the way by `CHAUFFEUR_LATE_MINUTES` before
     * pickup: set by the conditional update that writes the push, cleared when the ride is moved
     * or given to someone else (the new time, or driver, gets its own nudge).
     */
    chauffeurNudgedAt: instant('chauffeur_nudged_at'),
    /**
     * A round trip's return leg names its first leg (ADR 018): held with it in one booking, paid
     * in its checkout (the first leg's session and payment), its own ride otherwise.
     */
    returnOf: uuid('return_of').references((): AnyPgColumn => appointments.id),
    /** The calendar invite's SEQUENCE: each reschedule raises it, so calendars take the update. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /**
     * Who drives it (a chauffeur or an owner), or nobody yet. No one drives two live rides
     * whose car times overlap (`appointments_chauffeur_no_overlap`, migration 0024).
     */
    chauffeurId: uuid('chauffeur_id').references((): AnyPgColumn => users.id),
    /** The chauffeur's last tap that stands (`trip_events`), or null before the first. */
    tripStatus: text('trip_status').$type<TripStatus>(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('appointments_status_known', isOneOf(t.status, APPOINTMENT_STATUSES)),
    check('appointments_cancelled_by_known', isOneOf(t.cancelledBy, CANCELLED_BY)),
    check('appointments_amount_positive', sql`${t.amountCents} > 0`),
    check('appointments_length_positive', sql`${t.lengthMinutes} > 0`),
    check('appointments_turnaround_not_negative', sql`${t.turnaroundMinutes} >= 0`),
    check(
      'appointments_ends_after_length',
      sql`${t.endsAt} = ${t.slotStart} + make_interval(mins => ${t.lengthMinutes})`,
    ),
    check('appointments_trip_status_known', isOneOf(t.tripStatus, TRIP_STATUSES)),
    check(
      'appointments_occupied_after_turnaround',
      sql`${t.occupiedUntil} = ${t.endsAt} + make_interval(mins => ${t.turnaroundMinutes})`,
    ),
    uniqueIndex('appointments_checkout_session_unique').on(t.checkoutSessionId),
    uniqueIndex('appointments_booking_key_unique').on(t.userId, t.bookingKey),
    index('appointments_slot_start_idx').on(t.slotStart),
    // The owner's board for one car, and the reminders job (paid rides by pickup time).
    index('appointments_service_slot_idx').on(t.serviceId, t.slotStart),
    index('appointments_paid_slot_idx')
      .on(t.slotStart)
      .where(sql`${t.status} = 'paid'`),
    index('appointments_user_idx').on(t.userId, t.createdAt),
    index('appointments_return_of_idx').on(t.returnOf),
    // A chauffeur's day sheet: their rides by pickup time.
    index('appointments_chauffeur_slot_idx')
      .on(t.chauffeurId, t.slotStart)
      .where(sql`${t.chauffeurId} is not null`),
    // The console's search by phone: the number's digits, matched from the start (LIKE 'x%').
    index('appointments_phone_digits_idx').on(
      sql`regexp_replace(${t.phone}, '[^0-9]', '', 'g') text_pattern_ops`,
    ),
    index('appointments_pending_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending_payment'`),
    index('appointments_address_hold_idx')
      .on(t.clientAddressHash)
      .where(sql`${t.status} = 'pending_payment'`),
  ],
);

/**
 * Money given back through the payment provider: written in the same transaction as the
 * decision that causes it (so no crash can forget one), then issued with its idempotency key by
 * an immediate attempt after commit and the `issue-pending-refunds` job (so no retry can refund
 * twice). At most one refund per payment, whoever asks for it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    /** The checkout whose payment is given back. */
    checkoutSessionId: text('checkout_session_id').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    /** The provider's id of the refund, once it accepted it. */
    providerRefundId: text('provider_refund_id'),
    /** Sent with every attempt: the provider answers a repeated attempt with the same refund. */
    idempotencyKey: text('idempotency_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The provider's last refusal, without personal data. */
    lastError: text('last_error'),
    /** When a pending refund may next be tried (each attempt pushes it back first). */
    nextAttemptAt: instant('next_attempt_at').notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check('refunds_reason_known', isOneOf(t.reason, REFUND_REASONS)),
    check('refunds_status_known', isOneOf(t.status, REFUND_STATUSES)),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    // One refund per payment and ride: a round trip's one payment pays two legs.
    uniqueIndex('refunds_one_per_payment_ride').on(t.paymentIntentId, t.appointmentId),
    uniqueIndex('refunds_idempotency_key_unique').on(t.idempotencyKey),
    index('refunds_appointment_idx').on(t.appointmentId),
    index('refunds_checkout_session_idx').on(t.checkoutSessionId),
    index('refunds_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A car taken off the road from one time to another (maintenance, private use): its slots in
 * that span are not offered and not booked. Deleting one is recorded in the audit trail.
 */
export const blocks = pgTable(
  'blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    /**
     * The rows made by one request (every car at once, or a weekly repeat) share it; null for a
     * lone block. Deleting "this and the following" removes the series' rows from one on.
     */
    seriesId: uuid('series_id'),
  },
  (t) => [
    check('blocks_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('blocks_service_time_idx').on(t.serviceId, t.startsAt, t.endsAt),
    index('blocks_series_idx').on(t.seriesId),
  ],
);

/**
 * The outbox: one row per message, written in the same transaction as the change that causes
 * it, sent by the `deliver-messages` job, which claims due rows (so two instances never send
 * one row) and retries with backoff until `failed`.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    audience: text('audience').$type<MessageAudience>().notNull(),
    /** Which message: `paid`, `reminder_24h`, `cancelled`… (`MESSAGE_ROUTES` says who gets each). */
    template: text('template').$type<MessageTemplate>().notNull(),
    /**
     * The email address or E.164 phone number, as it was when the row was written; for a push,
     * the id of the subscription (`push_subscriptions`) it goes to.
     */
    recipient: text('recipient').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    /**
     * The account an account message (`verify_email`, `mfa_failed`) is about, or the staff
     * member a push is for; null for a ride's email or text.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What the message says that the appointment's row may no longer (the old time, say). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the row is next due; a claim pushes it forward (the lease), so a dead sender's row comes back. */
    nextAttemptAt: instant('next_attempt_at').notNull(),
    /** The provider's last refusal, without personal data. */
    lastError: text('last_error'),
    /** The provider's id of the sent message. */
    providerMessageId: text('provider_message_id'),
    sentAt: instant('sent_at'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check('outbox_channel_known', isOneOf(t.channel, MESSAGE_CHANNELS)),
    check('outbox_audience_known', isOneOf(t.audience, MESSAGE_AUDIENCES)),
    check('outbox_template_known', isOneOf(t.template, MESSAGE_TEMPLATES)),
    check('outbox_status_known', isOneOf(t.status, OUTBOX_STATUSES)),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'failed'`),
    index('outbox_appointment_idx').on(t.appointmentId),
  ],
);

/** Numbers that texted STOP: never texted again until they text START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  /** E.164. */
  phone: text('phone').primaryKey(),
  optedOutAt: instant('opted_out_at').notNull(),
});

/** Provider events already handled: a webhook delivered ten times is fulfilled once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});

/**
 * The local sandbox checkout (development and tests only): what a hosted checkout page
 * provider would keep on its side.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  /** As Stripe's: the same key gives the same session back (null for sessions made before keys). */
  idempotencyKey: text('idempotency_key').unique('sandbox_checkouts_idempotency_key_unique'),
  appointmentId: uuid('appointment_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  productName: text('product_name').notNull(),
  customerEmail: text('customer_email').notNull(),
  customerName: text('customer_name').notNull().default(''),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  /** What the page lists, as Stripe's line items: each ride's deposit and what it is toward. */
  lines: jsonb('lines')
    .$type<{ name: string; amountCents: number; description?: string | undefined }[]>()
    .notNull()
    .default([]),
  status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
  paymentStatus: text('payment_status').$type<'paid' | 'unpaid'>().notNull().default('unpaid'),
  /** Made when the page pays, as Stripe makes a PaymentIntent. */
  paymentIntentId: text('payment_intent_id').unique('sandbox_checkouts_payment_intent_unique'),
  /** The account's sandbox customer (`sandbox_customers`), as Stripe's `customer`. */
  customerId: text('customer_id'),
  /** Keep the card for later charges (`setup_future_usage: off_session`); the page asks consent. */
  saveCard: boolean('save_card').notNull().default(false),
  /** The card the page was paid with (`sandbox_payment_methods`), set with the payment. */
  paymentMethodId: text('payment_method_id'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  expiresAt: instant('expires_at').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** The sandbox's refunds (development and tests only), as the provider would keep them. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key')
    .notNull()
    .unique('sandbox_refunds_idempotency_key_unique'),
  paymentIntentId: text('payment_intent_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** The sandbox's customers (development and tests only): one per account, as Stripe's. */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key')
    .notNull()
    .unique('sandbox_customers_idempotency_key_unique'),
  email: text('email').notNull(),
  name: text('name').notNull(),
  userId: text('user_id').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** What a sandbox test card does when it is charged later, without the customer present. */
export const SANDBOX_OFF_SESSION = ['succeeds', 'requires_action', 'declined'] as const;
export type SandboxOffSession = (typeof SANDBOX_OFF_SESSION)[number];
/** An off-session charge's outcome, as the sandbox records it. */
export const SANDBOX_CHARGE_STATUSES = ['succeeded', 'requires_action', 'declined'] as const;
export type SandboxChargeStatus = (typeof SANDBOX_CHARGE_STATUSES)[number];

/**
 * The cards paid with on the sandbox page (development and tests only), as Stripe's payment
 * methods: kept on a customer when the checkout saved the card, and the test card's behaviour
 * for later charges.
 */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    /** Null unless the checkout saved the card to its customer. */
    customerId: text('customer_id'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    offSession: text('off_session').$type<SandboxOffSession>().notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_payment_methods_off_session_known', isOneOf(t.offSession, SANDBOX_OFF_SESSION)),
  ],
);

/**
 * Every off-session charge asked of the sandbox (development and tests only) and what the bank
 * answered: one row per idempotency key, so a charge replayed is never made twice. The fault
 * tests count `succeeded` rows here.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key')
      .notNull()
      .unique('sandbox_charges_idempotency_key_unique'),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status').$type<SandboxChargeStatus>().notNull(),
    declineCode: text('decline_code'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [check('sandbox_charges_status_known', isOneOf(t.status, SANDBOX_CHARGE_STATUSES))],
);

/**
 * Each status a chauffeur tapped on a ride, with its time and (when shared) position. A tap's
 * key makes a retry record once; an undone tap stays, marked, so the trail is whole. Positions
 * are erased at drop-off and after 24 hours (docs/security.md).
 */
export const tripEvents = pgTable(
  'trip_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    chauffeurId: uuid('chauffeur_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<TripStatus>().notNull(),
    /** The chauffeur's device's key for this tap: its retries answer the same event. */
    tapKey: uuid('tap_key').notNull(),
    at: instant('at').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    undoneAt: instant('undone_at'),
  },
  (t) => [
    check('trip_events_status_known', isOneOf(t.status, TRIP_STATUSES)),
    check('trip_events_position_whole', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    uniqueIndex('trip_events_tap_unique').on(t.appointmentId, t.tapKey),
    // A status stands once per ride: a second tap of it can only be a retry.
    uniqueIndex('trip_events_status_once')
      .on(t.appointmentId, t.status)
      .where(sql`${t.undoneAt} is null`),
  ],
);

/**
 * Where a ride's chauffeur was last, while they share it between "On my way" and "Passenger on
 * board": one row per ride, replaced by each report, deleted at drop-off and after 24 hours.
 */
export const tripPositions = pgTable('trip_positions', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  at: instant('at').notNull(),
});

/** An account (a customer's, an owner's or a chauffeur's). Emails are stored lower-cased; Google accounts are linked by `sub`. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** argon2id; null for an account that only signs in with Google. */
    passwordHash: text('password_hash'),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    gender: text('gender').notNull().default('Not Selected'),
    /** Every account is a customer; the business's own accounts are owners. */
    role: text('role').$type<UserRole>().notNull().default('customer'),
    dob: date('dob', { mode: 'string' }),
    googleSub: text('google_sub'),
    /**
     * When the holder of `email` proved it: a link from the verification email, a reset link
     * (emailed), or Google's `email_verified`. Null: anyone may have typed the address. An
     * unverified account is never made staff.
     */
    emailVerifiedAt: instant('email_verified_at'),
    /**
     * When this staff account was last emailed about wrong second-factor codes: at most one such
     * email per 15 minutes, claimed by a conditional update of this column.
     */
    mfaFailedNoticeAt: instant('mfa_failed_notice_at'),
    /**
     * The account's customer at the payment provider, where its saved card is kept: made once
     * (its key is the account's), stored by a conditional update so concurrent checkouts agree.
     */
    paymentCustomerId: text('payment_customer_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
    uniqueIndex('users_payment_customer_id_unique').on(t.paymentCustomerId),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_gender_known', isOneOf(t.gender, GENDERS)),
    check('users_role_known', isOneOf(t.role, USER_ROLES)),
  ],
);

/** A signed-in browser. Only the SHA-256 of the cookie's token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Names the session to its user (the sessions list), never the token or its hash. */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `Chrome on Windows`: the browser's User-Agent at sign-in, in short. */
    device: text('device').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    /** Absolute end, however active the session is. */
    expiresAt: instant('expires_at').notNull(),
    /** When this session passed the second factor (owners); null until then. */
    mfaVerifiedAt: instant('mfa_verified_at'),
  },
  (t) => [
    uniqueIndex('sessions_id_unique').on(t.id),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** An owner's authenticator app (TOTP, RFC 6238): one per account. */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, sealed with AES-256-GCM under a key derived from SESSION_SECRET. */
  secret: text('secret').notNull(),
  /** Null while being set up: no code from this secret has been entered yet. */
  confirmedAt: instant('confirmed_at'),
  /** The time step of the last code taken: a code of this step or an earlier one is refused. */
  lastStep: bigint('last_step', { mode: 'number' }),
  /**
   * While being set up: the session that started it (`sessions.id`), the only one that may
   * confirm or restart it until it expires. Null once confirmed. No foreign key: a session
   * renewed or ended leaves the enrolment to expire.
   */
  enrolmentSessionId: uuid('enrolment_session_id'),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** Single-use recovery codes of an owner's second factor, stored as SHA-256 (they are random). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * What owners (and the command line) did, written in the transaction of the change itself.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. No foreign keys: the trail
 * outlives the rows it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: instant('at').notNull(),
    /** Null for the command line. */
    actorUserId: uuid('actor_user_id'),
    /** The owner's email at the time, or `cli`. */
    actorLabel: text('actor_label').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    serviceId: uuid('service_id'),
    appointmentId: uuid('appointment_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    // Newest first, keyset-paged on (at, id): the whole trail, a car's, a ride's.
    index('audit_events_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_events_service_idx')
      .on(t.serviceId, t.at.desc(), t.id.desc())
      .where(sql`${t.serviceId} is not null`),
    index('audit_events_appointment_idx')
      .on(t.appointmentId, t.at.desc(), t.id.desc())
      .where(sql`${t.appointmentId} is not null`),
  ],
);

/**
 * A staff member's calendar subscription (an iCalendar URL for the phone's own calendar): the
 * SHA-256 of the URL's token, one per account; a new one replaces it, revoking deletes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    /** When a calendar last fetched it: whether the subscription is in use. */
    lastReadAt: instant('last_read_at'),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash)],
);

/**
 * A staff member's browser that takes web pushes: the push service's endpoint (its address is
 * the browser's, so one row per endpoint, moved to whoever subscribed it last) and the keys a
 * push is encrypted with. Dropped when the push service says it is gone (404/410), when the
 * browser unsubscribes, and when the account stops being staff (`demoteToCustomer`).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The sign-in that subscribed (`sessions.id`): signing out, ending it from another device,
     * a new password or a change of role deletes the session and, with it, the subscription.
     * A session past its time is kept while it has one (`deleteExpiredSessions`): a phone's
     * lock screen still wants the pushes when the console has asked to sign in again.
     */
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** A password reset link: single use, short-lived, stored hashed. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Links that confirm an account's email address: only the SHA-256 of the link's token is kept
 * (the token is made when the email is sent, never stored in the outbox). Used once, for a day,
 * and only for the address it was sent to.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was emailed to: a link does not verify an address changed since. */
    email: text('email').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Feedback from a signed-in customer; anonymous feedback keeps no link to its author. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    rating: integer('rating').notNull(),
    emoji: text('emoji').notNull().default(''),
    isAnonymous: boolean('is_anonymous').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('feedback_rating_range', sql`${t.rating} between 0 and 5`),
    check('feedback_emoji_known', isOneOf(t.emoji, ['', ...FEEDBACK_EMOJIS])),
    check('feedback_anonymous_unlinked', sql`not ${t.isAnonymous} or ${t.userId} is null`),
  ],
);

const inRange = (name: string, column: AnyPgColumn, { min, max }: { min: number; max: number }) =>
  check(name, sql`${column} between ${sql.raw(String(min))} and ${sql.raw(String(max))}`);

/**
 * A verified review (issue 31): one per booking (the unique index on the booking's first leg
 * decides between two posts), written by the ride's customer once it is completed. The owner
 * may answer it in public and hide it with a reason; a hidden review still counts in the
 * owner's numbers, never on the site.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The booking's first leg (a round trip's return names it in `return_of`). */
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** The car, copied from the ride: the car page's list reads it without the ride. */
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    text: text('text').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: instant('created_at').notNull(),
    replyText: text('reply_text'),
    repliedAt: instant('replied_at'),
    /** The owner's email at the time, as the audit trail names them. */
    repliedBy: text('replied_by'),
    hiddenAt: instant('hidden_at'),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by'),
  },
  (t) => [
    uniqueIndex('reviews_appointment_unique').on(t.appointmentId),
    // Newest first, a car's or the whole site's.
    index('reviews_service_idx').on(t.serviceId, t.createdAt.desc()),
    index('reviews_created_idx').on(t.createdAt.desc()),
    inRange('reviews_stars_range', t.stars, REVIEW_STARS),
    check(
      'reviews_text_length',
      sql`char_length(${t.text}) <= ${sql.raw(String(REVIEW_TEXT_MAX))}`,
    ),
    check(
      'reviews_tags_known',
      sql`${t.tags} <@ array[${sql.raw(REVIEW_TAGS.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))}]::text[]`,
    ),
    check(
      'reviews_reply_whole',
      sql`(${t.replyText} is null) = (${t.repliedAt} is null) and (${t.replyText} is null) = (${t.repliedBy} is null) and char_length(coalesce(${t.replyText}, '')) <= ${sql.raw(String(REVIEW_REPLY_MAX))}`,
    ),
    check(
      'reviews_hidden_with_reason',
      sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null) and (${t.hiddenAt} is null) = (${t.hiddenBy} is null) and char_length(coalesce(${t.hiddenReason}, '')) <= ${sql.raw(String(REVIEW_HIDDEN_REASON_MAX))}`,
    ),
  ],
);

/**
 * The owner's numbers for the offline drive estimate (issue 29), saved from the console's Drive
 * times: one row at most (`id` is always 1). No row: the server's `TRAVEL_*` settings apply.
 */
export const travelSettings = pgTable(
  'travel_settings',
  {
    id: smallint('id').primaryKey().default(1),
    roadFactor: doublePrecision('road_factor').notNull(),
    dayMph: doublePrecision('day_mph').notNull(),
    nightMph: doublePrecision('night_mph').notNull(),
    rushMultiplier: doublePrecision('rush_multiplier').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check('travel_settings_single_row', sql`${t.id} = 1`),
    // The bounds the API keeps too, so no write gives the estimate a meaningless number.
    inRange('travel_settings_road_factor_range', t.roadFactor, TRAVEL_SETTING_FIELDS.roadFactor),
    inRange('travel_settings_day_mph_range', t.dayMph, TRAVEL_SETTING_FIELDS.dayMph),
    inRange('travel_settings_night_mph_range', t.nightMph, TRAVEL_SETTING_FIELDS.nightMph),
    inRange(
      'travel_settings_rush_multiplier_range',
      t.rushMultiplier,
      TRAVEL_SETTING_FIELDS.rushMultiplier,
    ),
  ],
);

/**
 * A ride's bill after it is done (issue 31): drafted in the transaction that completes the
 * ride, adjusted by the owner (each change audited, `version` guarding against a stale form),
 * sent, tipped, then charged. One per ride.
 */
export const bills = pgTable(
  'bills',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id),
    status: text('status').$type<BillStatus>().notNull().default('draft'),
    /** The ride as booked, any time over, and the lines people entered (`BillLine`). */
    lines: jsonb('lines').$type<BillLine[]>().notNull(),
    /** What the lines come to (kept with them, so reports need not read JSON). */
    totalCents: money('total_cents'),
    depositCents: money('deposit_cents'),
    /** Chosen by the customer, or the owner's default when the tip window closed (null before). */
    tipCents: integer('tip_cents'),
    tipChoice: text('tip_choice').$type<TipChoice>(),
    version: integer('version').notNull().default(1),
    draftedAt: instant('drafted_at').notNull(),
    sentAt: instant('sent_at'),
    /** When the owner's default tip applies, if the customer has not chosen by then. */
    tipDueAt: instant('tip_due_at'),
    paidAt: instant('paid_at'),
    /** What the customer asks the receipt to say for an employer (empty: nothing). */
    billingCompany: text('billing_company').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check('bills_status_known', isOneOf(t.status, BILL_STATUSES)),
    check('bills_tip_choice_known', isOneOf(t.tipChoice, TIP_CHOICES)),
    check('bills_total_not_negative', sql`${t.totalCents} >= 0`),
    check('bills_tip_not_negative', sql`${t.tipCents} >= 0`),
    check('bills_sent_when_past_draft', sql`${t.status} = 'draft' or ${t.sentAt} is not null`),
    // The jobs' lookups: drafts to send by the owner's rule, sent bills whose tip window closed.
    index('bills_status_idx').on(t.status, t.draftedAt),
  ],
);

/**
 * The one charge of a bill's balance and tip: recorded (with its idempotency key) in the
 * transaction that fixes the amount, before the provider is asked, so a crash at any point is
 * retried with the same key and never charges twice. When the bank refuses the saved card, the
 * customer pays through a payment link (a checkout for the same amount), named here.
 */
export const billCharges = pgTable(
  'bill_charges',
  {
    id: uuid('id').primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => bills.appointmentId),
    amountCents: money('amount_cents'),
    tipCents: money('tip_cents'),
    status: text('status').$type<BillChargeStatus>().notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The provider's payment: the off-session one, or the payment link's. */
    paymentIntentId: text('payment_intent_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The bank's reason when it refused, never personal data. */
    declineCode: text('decline_code'),
    linkSessionId: text('link_session_id'),
    linkUrl: text('link_url'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check('bill_charges_status_known', isOneOf(t.status, BILL_CHARGE_STATUSES)),
    check('bill_charges_amount_positive', sql`${t.amountCents} > 0`),
    check('bill_charges_tip_within', sql`${t.tipCents} between 0 and ${t.amountCents}`),
    // One charge per bill, whoever asks: the guarantee that a bill is never charged twice.
    uniqueIndex('bill_charges_one_per_bill').on(t.appointmentId),
    uniqueIndex('bill_charges_idempotency_key_unique').on(t.idempotencyKey),
    uniqueIndex('bill_charges_link_session_unique').on(t.linkSessionId),
    index('bill_charges_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** The owner's rules for bills (`BillRules`): one row at most; none, the defaults apply. */
export const billRules = pgTable(
  'bill_rules',
  {
    id: smallint('id').primaryKey().default(1),
    waitingGraceMinutes: integer('waiting_grace_minutes').notNull(),
    defaultTipPercent: integer('default_tip_percent').notNull(),
    tipWindowHours: integer('tip_window_hours').notNull(),
    autoSendHours: integer('auto_send_hours'),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check('bill_rules_single_row', sql`${t.id} = 1`),
    inRange('bill_rules_grace_range', t.waitingGraceMinutes, BILL_RULE_BOUNDS.waitingGraceMinutes),
    inRange('bill_rules_tip_range', t.defaultTipPercent, BILL_RULE_BOUNDS.defaultTipPercent),
    inRange('bill_rules_window_range', t.tipWindowHours, BILL_RULE_BOUNDS.tipWindowHours),
    inRange('bill_rules_auto_send_range', t.autoSendHours, BILL_RULE_BOUNDS.autoSendHours),
  ],
);

/**
 * The owner's refund policy for a customer's cancel (issue 31): one row at most (`id` is 1),
 * there once the owner has saved tiers (even none); the save locks it, so two owners' saves of
 * the tiers below are recorded one after the other. No row: the booking fee is non-refundable.
 */
export const refundPolicy = pgTable(
  'refund_policy',
  {
    id: smallint('id').primaryKey().default(1),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [check('refund_policy_single_row', sql`${t.id} = 1`)],
);

/**
 * One tier of the policy: at least `hours_before` hours before pickup, `percent` of the deposit
 * back. The key on the hours keeps two tiers from claiming the same instant.
 */
export const refundTiers = pgTable(
  'refund_tiers',
  {
    hoursBefore: smallint('hours_before').primaryKey(),
    percent: smallint('percent').notNull(),
  },
  (t) => [
    // The bounds the API keeps too (`REFUND_TIER_BOUNDS`).
    inRange('refund_tiers_hours_range', t.hoursBefore, REFUND_TIER_BOUNDS.hoursBefore),
    inRange('refund_tiers_percent_range', t.percent, REFUND_TIER_BOUNDS.percent),
  ],
);
