import { useCallback, useEffect, useRef, useState } from 'react';
import type { BookingRequest } from '@app/shared';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { useCatalogue } from '../../../state/catalogue.tsx';
import { ensureCsrfToken } from '../../../state/session.tsx';
import { bookAppointment, createCheckout } from '../api/booking.ts';
import { newIdempotencyKey } from '../utils/idempotency-key.ts';

/** What the booking button says it is doing. */
export type BookingStep = false | 'booking' | 'checkout';

/**
 * Books the slot, then sends the browser to the checkout that pays its deposit. `bookAndPay`
 * resolves to the message to show when a step failed, or undefined while the browser leaves.
 */
export function useBookAndPay(): {
  step: BookingStep;
  bookAndPay: (request: BookingRequest) => Promise<string | undefined>;
} {
  const { reloadServices } = useCatalogue();
  const [step, setStep] = useState<BookingStep>(false);
  /*
   * One booking attempt per set of choices. Trying the same choices again reuses the attempt:
   * its idempotency key (an answer lost on the way is answered again with the same hold), and,
   * once held, the booking itself, so only the checkout is asked for again.
   */
  const attempt = useRef<{ request: string; key: string; appointmentId?: string } | null>(null);

  // Back from the checkout, the browser may show this very page again from its cache: the
  // button is no longer on its way anywhere.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStep(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const bookAndPay = useCallback(
    async (request: BookingRequest) => {
      const requestKey = JSON.stringify(request);
      if (attempt.current?.request !== requestKey) {
        attempt.current = { request: requestKey, key: newIdempotencyKey() };
      }
      const current = attempt.current;
      setStep('booking');
      try {
        await ensureCsrfToken();
        let appointmentId = current.appointmentId;
        if (!appointmentId) {
          ({ appointmentId } = await bookAppointment({ ...request, idempotencyKey: current.key }));
          current.appointmentId = appointmentId;
        }
        setStep('checkout');
        const { url } = await createCheckout(appointmentId, request);
        // The button stays busy while the browser leaves for the checkout page.
        window.location.assign(url);
        return undefined;
      } catch (error) {
        setStep(false);
        if (error instanceof ApiError && error.status === 409) {
          // The slot was just taken (or the hold expired): show the current free times.
          attempt.current = null;
          void reloadServices();
        }
        return failureMessage(error, 'booking');
      }
    },
    [reloadServices],
  );

  return { step, bookAndPay };
}
