import { lengthMinutes, type RateKind } from '@app/shared';
import type { ContactDetails } from '../utils/contact-details.ts';
import { quoteRequest } from '../utils/quote-request.ts';
import type { ReturnLegChoice } from '../utils/return-leg.ts';
import { useQuote } from './use-quote.ts';

/** The form's choices the quote is asked for. */
export interface RideQuoteChoices {
  serviceId: string;
  serviceType: string;
  /** A car with several types and none chosen yet: nothing to price. */
  needsType: boolean;
  kind: RateKind;
  dayKey: string | undefined;
  slotTime: string | undefined;
  /** The length chosen, in minutes (where no route decides it). */
  minutes: number;
  waitingMinutes: number;
  contact: ContactDetails;
  /** The return leg when the trip is a round trip with its time chosen now. */
  returnLeg: ReturnLegChoice | undefined;
  /** The return's chosen length in the kind's unit. */
  returnUnits: number;
}

/**
 * The server's all-in quote for the car page (docs/product.md, A price from the route): a ride's
 * length from its route, the price at each time, the starts the car can reach. Until it answers
 * (and without it) the page works from the rate cards and the car's free times as before.
 */
export function useRideQuote(choices: RideQuoteChoices) {
  const { kind, contact, returnLeg, dayKey } = choices;
  const { answer, failure } = useQuote(
    choices.serviceId,
    quoteRequest({
      serviceType: choices.serviceType,
      needsType: choices.needsType,
      kind,
      ride: {
        dayKey,
        time: choices.slotTime,
        pickupAddress: contact.pickupAddress,
        dropoffAddress: contact.dropoffAddress,
        waitingMinutes: choices.waitingMinutes,
        lengthMinutes: choices.minutes,
      },
      // Before the return's day is chosen, asked on the ride's day: its route decides whether
      // it offers a length or a waiting time.
      returnLeg: returnLeg
        ? {
            dayKey: returnLeg.dayKey ?? dayKey,
            time: returnLeg.time,
            pickupAddress: contact.returnPickupAddress,
            dropoffAddress: contact.returnDropoffAddress,
            waitingMinutes: returnLeg.waiting ?? 0,
            lengthMinutes: lengthMinutes(kind, choices.returnUnits),
          }
        : undefined,
    }),
  );
  const quote = answer?.asked.serviceType === choices.serviceType ? answer.quote : undefined;
  const routed = kind === 'ride' && quote?.ride.lengthFrom === 'route';
  return {
    quote,
    failure,
    /** The ride is booked for its route (and waiting): the length is not the customer's. */
    routed,
    returnRouted: kind === 'ride' && quote?.returnLeg?.lengthFrom === 'route',
    /** The minutes the ride books: its route's and waiting, else the chosen length. */
    bookedMinutes: routed && quote ? quote.ride.lengthMinutes : choices.minutes,
    /** The quote's starts for the shown day, each with its price. */
    starts: answer?.asked.ride.slotDate === dayKey ? quote?.ride.starts : undefined,
    /** The quote's starts for the return's chosen day, the car's reach judged. */
    returnOffered:
      returnLeg?.dayKey &&
      answer?.asked.returnLeg?.slotDate === returnLeg.dayKey &&
      quote?.returnLeg
        ? {
            dayKey: returnLeg.dayKey,
            times: new Set(quote.returnLeg.starts.map((start) => start.slotTime)),
          }
        : undefined,
  };
}
