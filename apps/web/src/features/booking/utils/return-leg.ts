import {
  LENGTH_CHOICES,
  fits,
  lengthMinutes,
  type RateKind,
  type Slot,
  type SlotDay,
} from '@app/shared';

/** The return leg of a round trip as the form holds it (ADR 018). */
export interface ReturnLegChoice {
  /** "I'll book the return later": a one-way booking with the return's addresses kept. */
  later: boolean;
  dayKey: string | undefined;
  time: string | undefined;
  /** In the kind's unit. */
  length: number | undefined;
  /** A ride's waiting time on top of its route, in minutes (`WAITING_CHOICES_MINUTES`). */
  waiting?: number | undefined;
}

export const NO_RETURN_LEG: ReturnLegChoice = {
  later: false,
  dayKey: undefined,
  time: undefined,
  length: undefined,
};

/** What the car's time allows the return leg: free, after the first leg and its turnaround. */
export interface ReturnLegContext {
  days: readonly SlotDay[];
  busy: readonly number[];
  /** When the car is back from the first leg: its start, length and turnaround. */
  firstBackAt: Date | undefined;
  kind: RateKind;
  turnaround: number;
  /** The return's booked minutes when its route decides them (the quote), else its length's. */
  routedMinutes?: number | undefined;
  /**
   * The starts the server's quote offers on the return's day: those the car can also reach
   * from its other rides (ADR 020), which the car page cannot judge. Other days keep the fit.
   */
  offered?: { dayKey: string; times: ReadonlySet<string> } | undefined;
}

export const returnLength = (choice: ReturnLegChoice, kind: RateKind) =>
  choice.length !== undefined && LENGTH_CHOICES[kind].includes(choice.length)
    ? choice.length
    : (LENGTH_CHOICES[kind][0] ?? 1);

/**
 * The return's possible starts on a day: the shared fit, after the first leg is back, and on
 * the day the quote answered for, only the starts it offers.
 */
export function returnStarts(
  context: ReturnLegContext,
  day: SlotDay | undefined,
  length: number,
): Slot[] {
  if (!day) return [];
  const stretch =
    (context.routedMinutes ?? lengthMinutes(context.kind, length)) + context.turnaround;
  const after = context.firstBackAt?.getTime() ?? 0;
  const offered = context.offered?.dayKey === day.key ? context.offered.times : undefined;
  return day.slots.filter(
    (slot) =>
      slot.startsAt.getTime() >= after &&
      fits(context.busy, slot.startsAt.getTime(), stretch) &&
      (!offered || offered.has(slot.label)),
  );
}

/** The days from the first leg's on that have a possible start. */
export function returnDays(context: ReturnLegContext, length: number): SlotDay[] {
  return context.days.filter((day) => returnStarts(context, day, length).length > 0);
}

/** The possible starts nearest a time that is not one, before and after it, across days. */
export function nearestReturnStarts(
  context: ReturnLegContext,
  at: Date,
  length: number,
): {
  before: { day: SlotDay; slot: Slot } | undefined;
  after: { day: SlotDay; slot: Slot } | undefined;
} {
  let before: { day: SlotDay; slot: Slot } | undefined;
  for (const day of context.days) {
    for (const slot of returnStarts(context, day, length)) {
      if (slot.startsAt < at) before = { day, slot };
      else if (slot.startsAt > at) return { before, after: { day, slot } };
    }
  }
  return { before, after: undefined };
}
