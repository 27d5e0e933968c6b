import { useCallback, useRef, useState } from 'react';
import type { BookingRequest } from '@app/shared';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { useCatalogue } from '../../../state/catalogue.tsx';
import { ensureCsrfToken } from '../../../state/session.tsx';
import { bookAppointment, createCheckout } from '../api/booking.ts';

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
   * A booking holds its slot until its checkout expires: when only the checkout call failed,
   * trying again pays for that same booking instead of colliding with our own hold.
   */
  const heldBooking = useRef<{ request: string; appointmentId: string } | null>(null);

  const bookAndPay = useCallback(
    async (request: BookingRequest) => {
      const requestKey = JSON.stringify(request);
      setStep('booking');
      try {
        await ensureCsrfToken();
        let appointmentId =
          heldBooking.current?.request === requestKey
            ? heldBooking.current.appointmentId
            : undefined;
        if (!appointmentId) {
          ({ appointmentId } = await bookAppointment(request));
          heldBooking.current = { request: requestKey, appointmentId };
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
          heldBooking.current = null;
          void reloadServices();
        }
        return failureMessage(error, 'booking');
      }
    },
    [reloadServices],
  );

  return { step, bookAndPay };
}
