import type { TripStatus } from './trip-status.ts';

/**
 * The bill after a ride (issue 31): drafted when the ride is done from its price as booked and
 * the chauffeur's statuses, adjusted by the owner, sent, tipped by the customer and charged to
 * the card kept with the deposit.
 */

/** Shown on the car page and the checkout: the customer's consent to the balance's charge. */
export const SAVE_CARD_CONSENT = 'We will charge the balance of this ride to this card.';

/**
 * `draft` until the owner sends it (or the rule does); `sent` while the customer may tip;
 * `charging` once the amount is fixed and its charge recorded; `paid`; `payment_due` when the
 * bank refused the saved card and the customer was sent a payment link; `settled` when nothing
 * was left to pay (the deposit covered it).
 */
export const BILL_STATUSES = [
  'draft',
  'sent',
  'charging',
  'paid',
  'payment_due',
  'settled',
] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/**
 * A bill's state in a few words, as the console's board, Today and the ride's page say it (a
 * balance due stays named until the customer pays through the link).
 */
export const BILL_STATUS_LABELS: Readonly<Record<BillStatus, string>> = {
  draft: 'Bill to send',
  sent: 'Bill sent',
  charging: 'Charging the card',
  paid: 'Bill paid',
  payment_due: 'Balance due (payment link sent)',
  // The deposit covered it, or what was left was under the provider's smallest charge.
  settled: 'Bill settled',
};

/** Lines the draft computes, and lines people enter. */
export const BILL_LINE_KINDS = [
  'ride',
  'extra_time',
  'waiting',
  'toll',
  'parking',
  'adjustment',
] as const;
export type BillLineKind = (typeof BILL_LINE_KINDS)[number];
/** The kinds an owner (or chauffeur) enters by hand; the others come from the ride. */
export const ENTERED_LINE_KINDS = ['toll', 'parking', 'adjustment'] as const;
export type EnteredLineKind = (typeof ENTERED_LINE_KINDS)[number];
/** The kinds a chauffeur adds from the day sheet: what they paid on the road, never a discount. */
export const CHAUFFEUR_LINE_KINDS = [
  'toll',
  'parking',
] as const satisfies readonly EnteredLineKind[];
export type ChauffeurLineKind = (typeof CHAUFFEUR_LINE_KINDS)[number];
export const CHAUFFEUR_LINE_LABELS: Readonly<Record<ChauffeurLineKind, string>> = {
  toll: 'Toll',
  parking: 'Parking',
};

/** A chauffeur's line as the bill says it: "Toll", or "Toll, Mass Pike" with their note. */
export function chauffeurLineLabel(kind: ChauffeurLineKind, note: string | undefined): string {
  const what = CHAUFFEUR_LINE_LABELS[kind];
  return note ? `${what}, ${note}` : what;
}

export interface BillLine {
  kind: BillLineKind;
  label: string;
  /** An adjustment may take money off (negative); every other line adds. */
  amountCents: number;
}

/** The tips the page offers, in percent of the ride's lines. */
export const TIP_PERCENTS = [15, 20, 25] as const;
export const TIP_CHOICES = ['15', '20', '25', 'other', 'none', 'default'] as const;
export type TipChoice = (typeof TIP_CHOICES)[number];

/** The owner's rules for bills (the console's Bills settings). */
export interface BillRules {
  /** Waiting at pickup beyond this many minutes is billed. */
  waitingGraceMinutes: number;
  /** The tip applied when the customer does nothing within `tipWindowHours` (0: none). */
  defaultTipPercent: number;
  tipWindowHours: number;
  /** A drafted bill is sent by itself this many hours after the ride is done (null: never). */
  autoSendHours: number | null;
}

export const DEFAULT_BILL_RULES: BillRules = {
  waitingGraceMinutes: 15,
  defaultTipPercent: 0,
  tipWindowHours: 24,
  autoSendHours: null,
};

/** What a draft is made from: the booking as booked and the chauffeur's taps that stand. */
export interface RideForBill {
  /** The price for the booked length as booked (null for bookings made before prices were kept). */
  priceCents: number | null;
  /** The deposit paid at booking. */
  depositCents: number;
  lengthMinutes: number;
  slotStart: Date;
  /** When each status stood (undone taps left out). */
  statusTimes: Partial<Record<TripStatus, Date>>;
}

const MINUTE = 60_000;

function wholeMinutes(ms: number): number {
  return Math.max(0, Math.floor(ms / MINUTE));
}

/** Minutes, as the bill's lines say them ("1 h 05 min", "20 min"). */
export function minutesInWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')} min`;
}

/**
 * The minutes a ride ran over what was booked, from its statuses: waiting at pickup beyond the
 * grace (counted from the later of the chauffeur's arrival and the booked pickup time, so an
 * early chauffeur costs the customer nothing) to "Passenger on board", and the ride itself
 * beyond the booked length from "Passenger on board" to "Dropped off". No statuses, nothing over.
 */
export function minutesOver(
  ride: Pick<RideForBill, 'lengthMinutes' | 'slotStart' | 'statusTimes'>,
  graceMinutes: number,
): { waiting: number; extra: number } {
  const { arrived, on_board: onBoard, dropped_off: droppedOff } = ride.statusTimes;
  let waiting = 0;
  if (arrived && onBoard) {
    const from = Math.max(arrived.getTime(), ride.slotStart.getTime());
    waiting = Math.max(0, wholeMinutes(onBoard.getTime() - from) - graceMinutes);
  }
  let extra = 0;
  if (onBoard && droppedOff) {
    extra = Math.max(
      0,
      wholeMinutes(droppedOff.getTime() - onBoard.getTime()) - ride.lengthMinutes,
    );
  }
  return { waiting, extra };
}

/**
 * The draft's computed lines: the ride at its booked price, then any time over, each at the
 * booked price's own rate per minute (what the customer agreed to pay for the car's time).
 */
export function draftLines(
  ride: RideForBill,
  rules: Pick<BillRules, 'waitingGraceMinutes'>,
): BillLine[] {
  const price = ride.priceCents ?? ride.depositCents;
  const lines: BillLine[] = [
    {
      kind: 'ride',
      label: `Ride, ${minutesInWords(ride.lengthMinutes)} as booked`,
      amountCents: price,
    },
  ];
  const perMinute = price / ride.lengthMinutes;
  const over = minutesOver(ride, rules.waitingGraceMinutes);
  if (over.waiting > 0)
    lines.push({
      kind: 'waiting',
      label: `Waiting at pickup, ${minutesInWords(over.waiting)} beyond ${rules.waitingGraceMinutes} min`,
      amountCents: Math.round(perMinute * over.waiting),
    });
  if (over.extra > 0)
    lines.push({
      kind: 'extra_time',
      label: `Time beyond the booked length, ${minutesInWords(over.extra)}`,
      amountCents: Math.round(perMinute * over.extra),
    });
  return lines;
}

/** The lines' sum: what the ride came to. */
export function billTotal(lines: readonly BillLine[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

/** What is left after the deposit (never below zero: a deposit is not given back here). */
export function billBalance(lines: readonly BillLine[], depositCents: number): number {
  return balanceAfterDeposit(billTotal(lines), depositCents);
}

/** The same from a bill's kept total (what the board reads, without its lines). */
export function balanceAfterDeposit(totalCents: number, depositCents: number): number {
  return Math.max(0, totalCents - depositCents);
}

/** A tip of `percent` on what the ride came to, to the cent. */
export function tipFor(lines: readonly BillLine[], percent: number): number {
  return Math.round((Math.max(0, billTotal(lines)) * percent) / 100);
}

/** The bounds of the owner's bill rules, kept by the form, the API and the database alike. */
export const BILL_RULE_BOUNDS = {
  waitingGraceMinutes: { min: 0, max: 120 },
  defaultTipPercent: { min: 0, max: 50 },
  tipWindowHours: { min: 1, max: 168 },
  autoSendHours: { min: 1, max: 168 },
} as const;

/** What a charge of a bill's balance and tip came to at the provider. */
export const BILL_CHARGE_STATUSES = [
  'pending',
  'succeeded',
  'requires_action',
  'declined',
  'paid_by_link',
] as const;
export type BillChargeStatus = (typeof BILL_CHARGE_STATUSES)[number];

/** A charge that took the money: from the saved card, or through the payment link. */
export const PAID_CHARGE_STATUSES = [
  'succeeded',
  'paid_by_link',
] as const satisfies readonly BillChargeStatus[];
