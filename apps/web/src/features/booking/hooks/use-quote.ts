import { useEffect, useState } from 'react';
import type { QuoteRequest, QuoteResponse } from '@app/shared';
import { useLoad } from '../../../lib/use-load.ts';
import { getQuote } from '../api/quote.ts';

/** Typing an address asks again only once the customer pauses. */
export const ADDRESS_PAUSE_MS = 400;

/** A quote with what it answers: a screen uses it only for the inputs it matches. */
export interface AnsweredQuote {
  asked: QuoteRequest;
  quote: QuoteResponse;
}

/** `value`, once it has stayed the same for `ms`. */
function usePaused<T>(value: T, ms: number): T {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return paused;
}

/** The request with its addresses as they were at the customer's last pause. */
function withPausedAddresses(request: QuoteRequest, addresses: readonly string[]): QuoteRequest {
  const [pickup = '', dropoff = '', returnPickup = '', returnDropoff = ''] = addresses;
  return {
    ...request,
    ride: { ...request.ride, pickupAddress: pickup, dropoffAddress: dropoff },
    ...(request.returnLeg
      ? {
          returnLeg: {
            ...request.returnLeg,
            pickupAddress: returnPickup,
            dropoffAddress: returnDropoff,
          },
        }
      : {}),
  };
}

/**
 * The car's quote for the form's choices (docs/product.md, A price from the route), asked again
 * when the type, day, time, waiting, length or return leg change, and when the addresses stop
 * changing for `ADDRESS_PAUSE_MS`. An older answer arriving late is dropped (useLoad); the last
 * answer stays shown while the next is asked, so the price does not blink. A failure is said
 * and blocks nothing: the server prices the booking again anyway.
 */
export function useQuote(serviceId: string, request: QuoteRequest | null) {
  const addresses = usePaused(
    JSON.stringify([
      request?.ride.pickupAddress,
      request?.ride.dropoffAddress,
      request?.returnLeg?.pickupAddress,
      request?.returnLeg?.dropoffAddress,
    ]),
    ADDRESS_PAUSE_MS,
  );
  const paused = (JSON.parse(addresses) as (string | null)[]).map((address) => address ?? '');
  const asked = request && withPausedAddresses(request, paused);
  const [last, setLast] = useState<AnsweredQuote>();
  const load = useLoad(
    async (): Promise<AnsweredQuote | undefined> =>
      asked ? { asked, quote: await getQuote(serviceId, asked) } : undefined,
    [serviceId, asked],
    { onLoaded: (answer) => setLast(answer) },
  );
  return {
    /** The answer to these choices, else the last one while the next is on its way. */
    answer: asked ? (load.data ?? (load.loading ? last : undefined)) : undefined,
    /** Why the last try failed, for the estimate to say. */
    failure: asked ? load.failure : undefined,
  };
}
