import type { QuoteRequest, RateKind } from '@app/shared';

/** One leg as the form holds it: its day and time, its addresses, waiting and chosen length. */
export interface QuoteLegChoice {
  dayKey: string | undefined;
  time: string | undefined;
  pickupAddress: string;
  dropoffAddress: string;
  /** A ride's waiting time on top of its route, in minutes. */
  waitingMinutes: number;
  /** The length the customer chose, in minutes (used where no route decides it). */
  lengthMinutes: number;
}

export interface QuoteChoice {
  /** Empty on a car with several types while none is chosen: nothing to price yet. */
  serviceType: string;
  needsType: boolean;
  kind: RateKind;
  ride: QuoteLegChoice;
  /** A round trip's return leg once its day is chosen. */
  returnLeg?: QuoteLegChoice | undefined;
}

function leg(choice: QuoteLegChoice, kind: RateKind, slotDate: string): QuoteRequest['ride'] {
  return {
    slotDate,
    ...(choice.time ? { slotTime: choice.time } : {}),
    pickupAddress: choice.pickupAddress.trim(),
    dropoffAddress: choice.dropoffAddress.trim(),
    // Waiting is a ride's alone; the chosen length is sent always: the server uses it only when
    // it finds no route (hourly, rentals, a place it cannot find).
    waitingMinutes: kind === 'ride' ? choice.waitingMinutes : 0,
    lengthMinutes: choice.lengthMinutes,
  };
}

/** What the page asks the quote for, or null while there is nothing to price (no type, no day). */
export function quoteRequest(choice: QuoteChoice): QuoteRequest | null {
  if (choice.needsType || !choice.ride.dayKey) return null;
  const returnLeg = choice.returnLeg;
  return {
    serviceType: choice.serviceType,
    ride: leg(choice.ride, choice.kind, choice.ride.dayKey),
    ...(returnLeg?.dayKey ? { returnLeg: leg(returnLeg, choice.kind, returnLeg.dayKey) } : {}),
  };
}
