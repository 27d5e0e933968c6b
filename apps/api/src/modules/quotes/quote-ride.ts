import {
  busyInstants,
  bookableSlotsOn,
  estimateRide,
  fits,
  instantFromWallClock,
  lengthInUnits,
  MAX_ROUTE_MINUTES,
  midnightOf,
  occupiedUntil,
  parseSlotDateKey,
  priceReasons,
  rateDayOf,
  rateKindOf,
  routedLengthMinutes,
  slotStartsAt,
  type LegQuote,
  type Price,
  type QuoteInput,
  type QuoteResponse,
  type RateKind,
  type RideEstimate,
  type Service,
} from '@app/shared';
import { chooseServiceType } from '../appointments/book-appointment.ts';
import { legLength, type LegTrip } from '../appointments/ride-length.ts';
import type { OfflineTravelTime } from '../../travel/offline-travel-time.ts';
import type { TravelTime } from '../../travel/travel-time.ts';
import type { ReachCheck } from './reach.ts';

/*
 * One all-in price for a car (docs/product.md, A price from the route): the leg's length from
 * its route (`ride-length.ts`, the booking's own rule), the day's starts the car is free for
 * over the leg's whole stretch and can reach, each with its price, and the price at the chosen
 * time with its deposit, balance and reasons; a round trip's return leg the same, after the
 * first leg is back. It reads only, from the cached service list the car page's grid is drawn
 * from: the booking decides again on its own.
 */

export interface QuoteDeps {
  /** The chosen time's drive: Google's Routes API when configured, else offline. */
  travelTime: TravelTime;
  /** Every start's drive: the offline estimate (48 calls to Google per day viewed are out of the question). */
  offlineTravelTime: OfflineTravelTime;
  /** The business's phone, for a trip too long to book online. */
  phone: string;
  canReach: ReachCheck;
  now: Date;
}

type QuoteLegInput = QuoteInput['ride'];

/** What both legs share: the car, its type and what its time is taken by. */
interface CarContext {
  service: Service;
  kind: RateKind;
  busy: readonly number[];
  turnaround: number;
  deps: QuoteDeps;
}

/** The price of `lengthMinutes` of this car at a start, by its rate cards and the promotion. */
function estimateAt(car: CarContext, lengthMinutes: number, slotDate: string, slotTime: string) {
  const day = rateDayOf(slotDate, slotTime);
  const estimate = estimateRide(car.service, car.kind, lengthInUnits(car.kind, lengthMinutes), day);
  return { estimate, flatRate: car.kind === 'ride' && day !== 'regular' };
}

function priceOf(estimate: RideEstimate, model: string): Price {
  const { listPrice, discountPercent, price, deposit, balance } = estimate;
  return {
    listPrice,
    discountPercent,
    price,
    deposit,
    balance,
    reasons: priceReasons(estimate, model),
  };
}

/**
 * When a day's route is estimated before a time is chosen: at noon, a daytime drive outside the
 * rush hours (each start then has its own).
 */
function middayOf(slotDate: string): Date {
  const date = parseSlotDateKey(slotDate);
  return (date && instantFromWallClock({ ...date, hour: 12, minute: 0 })) ?? new Date(NaN);
}

/** The instant a day starts (New York's midnight); a key that is no day keeps nothing back. */
function dayStartOf(slotDate: string): number {
  const date = parseSlotDateKey(slotDate);
  return date ? midnightOf(date).getTime() : Number.NEGATIVE_INFINITY;
}

/**
 * One leg: its length (from the route at the chosen time, or at noon before one is chosen),
 * the day's starts from `notBefore` on that the car is free for and can reach, and the price
 * at the chosen time when that time is one of them.
 */
async function quoteLeg(
  car: CarContext,
  leg: QuoteLegInput,
  trip: LegTrip,
  notBefore: number,
): Promise<{ quote: LegQuote; chosenStart: Date | null; estimate: RideEstimate | null }> {
  const { deps, service, kind } = car;
  const chosenStart = leg.slotTime ? slotStartsAt(leg.slotDate, leg.slotTime) : null;
  // Google for the one chosen time; offline for a day's overview.
  const length = await legLength(
    chosenStart ? deps.travelTime : deps.offlineTravelTime,
    kind,
    trip,
    chosenStart ?? middayOf(leg.slotDate),
    deps.phone,
  );
  // Each start's own length: the drive at that time of day (a rush hour is longer).
  const driveAt =
    length.lengthFrom === 'route'
      ? await deps.offlineTravelTime.drive(
          { address: trip.pickupAddress.trim() },
          { address: trip.dropoffAddress.trim() },
        )
      : null;
  const lengthAt = (start: Date): number | null => {
    if (!driveAt) return length.lengthMinutes;
    const drive = driveAt(start);
    if (drive.minutes > MAX_ROUTE_MINUTES) return null;
    return routedLengthMinutes(drive.bookedMinutes, trip.waitingMinutes);
  };
  const reachable = await deps.canReach({
    serviceId: service._id,
    kind,
    slotDate: leg.slotDate,
    pickupAddress: trip.pickupAddress,
    dropoffAddress: trip.dropoffAddress,
  });
  const starts: LegQuote['starts'] = [];
  for (const slot of bookableSlotsOn(deps.now, leg.slotDate)) {
    const at = slot.startsAt.getTime();
    if (at < notBefore) continue;
    const minutes = lengthAt(slot.startsAt);
    if (minutes === null || !fits(car.busy, at, minutes + car.turnaround)) continue;
    if (!reachable(slot.startsAt, minutes)) continue;
    const { estimate, flatRate } = estimateAt(car, minutes, leg.slotDate, slot.label);
    starts.push({ slotTime: slot.label, lengthMinutes: minutes, price: estimate.price, flatRate });
  }
  const offered = chosenStart !== null && starts.some((start) => start.slotTime === leg.slotTime);
  const estimate = offered
    ? estimateAt(car, length.lengthMinutes, leg.slotDate, leg.slotTime as string).estimate
    : null;
  return {
    quote: { ...length, starts, price: estimate && priceOf(estimate, service.type) },
    chosenStart,
    estimate,
  };
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The quote for a car that is on the site and available (the route checks both). */
export async function quoteRide(
  service: Service,
  input: QuoteInput,
  deps: QuoteDeps,
): Promise<QuoteResponse> {
  const serviceType = chooseServiceType(service.availableServiceTypes, input.serviceType);
  const kind = rateKindOf(serviceType);
  const car: CarContext = {
    service,
    kind,
    busy: busyInstants(service.slots_booked),
    turnaround: service.turnaroundMinutes[kind],
    deps,
  };
  const first = await quoteLeg(car, input.ride, input.ride, Number.NEGATIVE_INFINITY);
  let back: Awaited<ReturnType<typeof quoteLeg>> | null = null;
  if (input.returnLeg) {
    // The return starts once the first leg is back (its turnaround too: the database refuses
    // the two stretches overlapping); before a first time is chosen, from the first leg's day.
    const firstBack = first.chosenStart
      ? occupiedUntil(first.chosenStart, first.quote.lengthMinutes, car.turnaround).getTime()
      : dayStartOf(input.ride.slotDate);
    back = await quoteLeg(
      car,
      input.returnLeg,
      {
        ...input.returnLeg,
        // As the booking does: the ride's addresses reversed when the return's are empty.
        pickupAddress: input.returnLeg.pickupAddress.trim() || input.ride.dropoffAddress,
        dropoffAddress: input.returnLeg.dropoffAddress.trim() || input.ride.pickupAddress,
      },
      firstBack,
    );
  }
  const priced = [first.estimate, ...(input.returnLeg ? [back?.estimate ?? null] : [])];
  const total = priced.every((estimate) => estimate !== null)
    ? {
        price: priced.reduce((sum, e) => sum + cents(e.price), 0) / 100,
        deposit: priced.reduce((sum, e) => sum + cents(e.deposit), 0) / 100,
        balance: priced.reduce((sum, e) => sum + cents(e.balance), 0) / 100,
      }
    : null;
  return { success: true, kind, ride: first.quote, returnLeg: back?.quote ?? null, total };
}
