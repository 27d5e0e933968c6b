import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../appointments.ts';
import { BILL_STATUSES } from '../final-bill.ts';
import { MESSAGE_TEMPLATES } from '../message-routes.ts';
import { MESSAGE_CHANNELS } from '../outbox.ts';
import { REFUND_STATUSES } from '../refunds.ts';
import { TRIP_STATUSES } from '../trip-status.ts';

/*
 * The owner's rides (`/api/admin/rides…`): the day's board, a ride, and what an owner does to
 * one (complete, no-show, cancel with or without giving the deposit back).
 */

/** The statuses the console shows and filters by (an expired hold was never a ride). */
export const RIDE_STATUSES = [
  'pending_payment',
  'paid',
  'completed',
  'cancelled',
  'no_show',
] as const satisfies readonly (typeof APPOINTMENT_STATUSES)[number][];
export type RideStatus = (typeof RIDE_STATUSES)[number];

/** How the console names each status. */
export const RIDE_STATUS_LABELS: Readonly<Record<RideStatus, string>> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

export const RIDES_PAGE_SIZE = 50;
export const RIDES_MAX_PAGE_SIZE = 500;
/** Rides one CSV export holds at most (the filters narrow a bigger set). */
export const RIDES_EXPORT_MAX_ROWS = 20_000;
export const RIDE_SEARCH_MAX_LENGTH = 100;
export const CANCEL_REASON_MAX_LENGTH = 500;

export const RIDE_DATE_MESSAGE = 'Enter dates as YYYY-MM-DD.';
export const RIDE_DATE_ORDER_MESSAGE = 'The end date must not be before the start date.';
export const RIDE_STATUS_MESSAGE = `The status must be one of: ${RIDE_STATUSES.join(', ')}.`;
export const RIDE_SEARCH_MESSAGE = `Search with at most ${RIDE_SEARCH_MAX_LENGTH} characters.`;
export const CANCEL_REASON_MESSAGE = 'Please give the customer a reason for the cancellation.';
export const CANCEL_REASON_LONG_MESSAGE = `The reason must be at most ${CANCEL_REASON_MAX_LENGTH} characters.`;
export const REFUND_CHOICE_MESSAGE = 'Choose whether the deposit goes back: full or none.';
export const CANCEL_FROM_MESSAGE =
  'Say which status the ride had when you chose to cancel it: pending_payment or paid.';

const pageSizeMessage = `The page size must be a whole number from 1 to ${RIDES_MAX_PAGE_SIZE}.`;
const pageMessage = 'The page must be a whole number from 1 to 10000.';

/** A New York calendar date, `2026-11-25`, that exists. */
export const isoDate = z.string({ error: RIDE_DATE_MESSAGE }).refine((value) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day && year >= 2000;
}, RIDE_DATE_MESSAGE);

/** An empty query value (`?status=`) means no filter. */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const wholeNumber = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );

/** The filters the board, the week grid and the CSV export share. */
const rideFilterFields = {
  /** First New York day shown (default: today). */
  from: z.preprocess(blankToUndefined, isoDate.optional()),
  /** Last New York day shown, inclusive (default: no end). */
  to: z.preprocess(blankToUndefined, isoDate.optional()),
  serviceId: z.preprocess(blankToUndefined, z.uuid({ message: 'Invalid service id' }).optional()),
  status: z.preprocess(
    blankToUndefined,
    z.enum(RIDE_STATUSES, { error: RIDE_STATUS_MESSAGE }).optional(),
  ),
  /** A customer's name or email (any part), or phone number (its digits, from the start). */
  q: z.preprocess(
    blankToUndefined,
    z
      .string({ error: RIDE_SEARCH_MESSAGE })
      .trim()
      .max(RIDE_SEARCH_MAX_LENGTH, RIDE_SEARCH_MESSAGE)
      .optional(),
  ),
};
const datesInOrder = (v: { from?: string | undefined; to?: string | undefined }) =>
  !v.from || !v.to || v.from <= v.to;

export const RideFiltersSchema = z
  .object(rideFilterFields)
  .refine(datesInOrder, RIDE_DATE_ORDER_MESSAGE);
export type RideFilters = z.input<typeof RideFiltersSchema>;

/** `GET /admin/rides?from=&to=&serviceId=&status=&q=&page=&pageSize=`: by pickup time. */
export const RideListQuerySchema = z
  .object({
    ...rideFilterFields,
    page: wholeNumber(pageMessage, 1, 10_000, 1),
    pageSize: wholeNumber(pageSizeMessage, 1, RIDES_MAX_PAGE_SIZE, RIDES_PAGE_SIZE),
  })
  .refine(datesInOrder, RIDE_DATE_ORDER_MESSAGE);
export type RideListQuery = z.input<typeof RideListQuerySchema>;

export const RideRefundSchema = z.object({
  id: z.uuid(),
  amountCents: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  /** The payment provider's id of the refund, once it took it. */
  providerRefundId: z.string().nullable(),
  /** ISO 8601: when it last changed (for a succeeded refund, when the provider took it). */
  updatedAt: z.string(),
});
export type RideRefund = z.infer<typeof RideRefundSchema>;

/** A message about the ride the outbox gave up on: shown on the ride, to fix and send again. */
export const RideFailedMessageSchema = z.object({
  id: z.uuid(),
  template: z.enum(MESSAGE_TEMPLATES),
  channel: z.enum(MESSAGE_CHANNELS),
  /** The provider's codes, never its message text (`failureInWords` says them). */
  lastError: z.string().nullable(),
});
export type RideFailedMessage = z.infer<typeof RideFailedMessageSchema>;

/**
 * A completed ride's bill as the board and Today show it (`BILL_STATUS_LABELS` names its
 * status); its lines, tip and charge are on the ride's page.
 */
export const RideBillSchema = z.object({
  status: z.enum(BILL_STATUSES),
  /** What the ride came to beyond the deposit, before any tip. */
  balanceCents: z.number().int(),
  /** While the balance is due through the payment link: what the link asks (balance and tip). */
  dueCents: z.number().int().nullable(),
});
export type RideBill = z.infer<typeof RideBillSchema>;

export const RideSchema = z.object({
  id: z.uuid(),
  serviceId: z.uuid(),
  carName: z.string(),
  /** ISO 8601 instant of pickup; `slotDate`/`slotTime` are its New York reading. */
  slotStart: z.string(),
  slotDate: z.string(),
  slotTime: z.string(),
  /** ISO 8601: the end of the booked length (ADR 018). */
  endsAt: z.string(),
  lengthMinutes: z.number().int(),
  /** The car's turnaround after it when booked; the car is the ride's until `occupiedUntil`. */
  turnaroundMinutes: z.number().int(),
  occupiedUntil: z.string(),
  /** The ride's price for its length when booked, in cents; null for bookings before lengths. */
  priceCents: z.number().int().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  customerName: z.string(),
  customerEmail: z.string(),
  phone: z.string(),
  serviceType: z.string(),
  pickupAddress: z.string(),
  dropoffAddress: z.string(),
  pickupNotes: z.string(),
  needsReturnRide: z.boolean().nullable(),
  /** A round trip's return leg: the first ride's id (the two keep one car). */
  returnOf: z.uuid().nullable(),
  /** A round trip's first ride: its return leg's id while that is booked (held or paid). */
  returnId: z.uuid().nullable(),
  returnPickupAddress: z.string(),
  returnDropoffAddress: z.string(),
  returnPickupNotes: z.string(),
  depositCents: z.number().int(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(['customer', 'owner']).nullable(),
  cancelReason: z.string(),
  /** ISO 8601: when it was marked completed or a no-show (undone within `FINISH_UNDO_MINUTES`). */
  finishedAt: z.string().nullable(),
  refund: RideRefundSchema.nullable(),
  /** Its messages that failed for good, newest first. */
  failedMessages: z.array(RideFailedMessageSchema),
  /** Who drives it (a chauffeur or an owner), or null: nobody yet. */
  chauffeur: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Its chauffeur's last tap that stands, or null before the first. */
  tripStatus: z.enum(TRIP_STATUSES).nullable(),
  /** Its bill once the ride is completed, or null (a reopened ride's draft is not shown). */
  bill: RideBillSchema.nullable(),
});
export type Ride = z.infer<typeof RideSchema>;

export const RideListResponseSchema = z.object({
  success: z.literal(true),
  rides: z.array(RideSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether a next page exists. */
  hasMore: z.boolean(),
});
export type RideListResponse = z.infer<typeof RideListResponseSchema>;

/** `GET /admin/rides/:id`, and the answer of every action on a ride. */
export const RideResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  ride: RideSchema,
});
export type RideResponse = z.infer<typeof RideResponseSchema>;

export const RIDE_REFUND_CHOICES = ['full', 'none'] as const;
export type RideRefundChoice = (typeof RIDE_REFUND_CHOICES)[number];

/**
 * `POST /admin/rides/:id/cancel`. `from` is the status the owner saw: if the ride has changed
 * since (a customer's payment landed, another owner acted), nothing happens and the answer is
 * 409, so no one cancels a ride they have not seen as it is.
 */
export const CancelRideSchema = z.object({
  reason: z
    .string({ error: CANCEL_REASON_MESSAGE })
    .trim()
    .min(1, CANCEL_REASON_MESSAGE)
    .max(CANCEL_REASON_MAX_LENGTH, CANCEL_REASON_LONG_MESSAGE),
  refund: z.enum(RIDE_REFUND_CHOICES, { error: REFUND_CHOICE_MESSAGE }),
  from: z.enum(['pending_payment', 'paid'], { error: CANCEL_FROM_MESSAGE }),
});
export type CancelRideRequest = z.input<typeof CancelRideSchema>;

export const RideIdParamsSchema = z.object({ id: z.uuid({ message: 'Invalid ride id' }) });

/**
 * A paid ride booked before lengths (ADR 018) that would overlap other bookings of its car at its
 * real length (the kind's shortest and the car's turnaround): the console lists it to act on.
 */
export const LegacyOverlapSchema = z.object({
  id: z.uuid(),
  carName: z.string(),
  customerName: z.string(),
  slotDate: z.string(),
  slotTime: z.string(),
  /** ISO 8601: when its real stretch would end. */
  realUntil: z.string(),
  overlaps: z.array(z.object({ id: z.uuid(), slotDate: z.string(), slotTime: z.string() })),
});
export type LegacyOverlap = z.infer<typeof LegacyOverlapSchema>;

export const LegacyOverlapsResponseSchema = z.object({
  success: z.literal(true),
  rides: z.array(LegacyOverlapSchema),
});
export type LegacyOverlapsResponse = z.infer<typeof LegacyOverlapsResponseSchema>;

/** An unpaid hold that lapses within this many minutes is one the console's Today names. */
export const HOLD_LAPSING_MINUTES = 60;
/** Paid rides whose pickup passed within this many New York days, unmarked, are named too. */
export const UNMARKED_RIDE_DAYS = 7;

/** `GET /admin/today?date=`: one New York day (today by default). */
export const TodayQuerySchema = z.object({
  date: z.preprocess(blankToUndefined, isoDate.optional()),
});
export type TodayQuery = z.input<typeof TodayQuerySchema>;

/**
 * The console's first screen: the day's rides by pickup time (every status the console shows)
 * and what needs the owner now, whatever the day asked: unpaid holds that lapse within
 * `HOLD_LAPSING_MINUTES`, emails and texts that failed for good, paid rides whose pickup
 * time has passed (within `UNMARKED_RIDE_DAYS` days) not yet marked completed or a no-show,
 * rides nobody drives yet, chauffeurs late to set off, bills to send and balances due.
 */
/** A ride the console's Today names for the owner to deal with. */
export const RideAlertSchema = z.object({
  id: z.uuid(),
  slotDate: z.string(),
  slotTime: z.string(),
  carName: z.string(),
  chauffeurName: z.string().nullable(),
});
export type RideAlert = z.infer<typeof RideAlertSchema>;

/** Today lists at most this many bills of each kind (the oldest): more is said as "20+". */
export const TODAY_BILLS_LISTED = 20;

/** A completed ride whose bill needs the owner: its customer and how the bill stands. */
export const BillAlertSchema = RideAlertSchema.extend({
  customerName: z.string(),
  bill: RideBillSchema,
});
export type BillAlert = z.infer<typeof BillAlertSchema>;

/** Paid rides nobody drives are named from now to the end of this many New York days ahead. */
export const UNASSIGNED_RIDE_DAYS = 1;

export const TodayResponseSchema = z.object({
  success: z.literal(true),
  /** The New York day shown, `2026-11-25`. */
  date: z.string(),
  rides: z.array(RideSchema),
  holdsLapsing: z.number().int(),
  failedMessages: z.number().int(),
  unmarkedRides: z.number().int(),
  /** Paid rides still to come, until the end of tomorrow, that nobody drives yet. */
  unassignedRides: z.array(RideAlertSchema),
  /**
   * Paid rides whose chauffeur has not tapped "On my way" though pickup is within the owner's
   * `CHAUFFEUR_LATE_MINUTES` (or past, while the ride's time lasts).
   */
  lateChauffeurs: z.array(RideAlertSchema),
  /** Completed rides whose bill is still a draft, to review and send (oldest pickup first). */
  billsToSend: z.array(BillAlertSchema),
  /** Bills the bank refused or asked to confirm: the customer has a payment link, unpaid yet. */
  balancesDue: z.array(BillAlertSchema),
});
export type TodayResponse = z.infer<typeof TodayResponseSchema>;
