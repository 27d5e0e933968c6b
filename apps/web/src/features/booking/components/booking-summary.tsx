import type { Ref } from 'react';
import { Lock } from 'lucide-react';
import { SAVE_CARD_CONSENT, type QuoteResponse, type Service, type SlotDay } from '@app/shared';
import { buttonPrimary, card } from '../../../components/ui/styles.ts';
import type { BookingStep } from '../hooks/use-book-and-pay.ts';
import { RideEstimate } from './ride-estimate.tsx';

/** The consent under the Book button, which both Book buttons (here and the phone's bar) name. */
export const SAVE_CARD_CONSENT_ID = 'save-card-consent';

/**
 * "Your selection": the day, time and type chosen, the ride's estimate, and the Book button,
 * with the customer's consent that the card paying the deposit is charged the ride's balance.
 */
export function BookingSummary({
  service,
  day,
  slotTime,
  freeTime,
  serviceType,
  length,
  onLengthChange,
  waiting,
  onWaitingChange,
  quote,
  placesTyped,
  quoteFailure,
  step,
  signedIn,
  bookRef,
}: {
  service: Service;
  day: SlotDay | undefined;
  /** The time chosen, free on `day` or not. */
  slotTime: string | undefined;
  /** The time chosen when it is free on `day`. */
  freeTime: string | undefined;
  serviceType: string;
  /** The length chosen, in the kind's unit. */
  length: number;
  onLengthChange: (length: number) => void;
  waiting: number;
  onWaitingChange: (minutes: number) => void;
  quote: QuoteResponse | undefined;
  placesTyped: boolean;
  quoteFailure: string | undefined;
  step: BookingStep;
  signedIn: boolean;
  bookRef: Ref<HTMLButtonElement>;
}) {
  return (
    <div className={`${card} p-5 sm:p-6`}>
      <h3 className="text-base font-semibold text-brand">Your selection</h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-ink-muted">Day</dt>
        <dd className="text-right font-medium text-ink">
          {day ? `${day.weekday} ${day.monthShort} ${day.day}, ${day.year}` : 'Not chosen'}
        </dd>
        <dt className="text-ink-muted">Time</dt>
        <dd className="text-right font-medium text-ink">{slotTime ?? 'Not chosen'}</dd>
        {service.availableServiceTypes.length > 0 && (
          <>
            <dt className="text-ink-muted">Service type</dt>
            <dd className="text-right font-medium text-ink">{serviceType || 'Not chosen'}</dd>
          </>
        )}
      </dl>
      <div className="mt-4">
        <RideEstimate
          service={service}
          serviceType={serviceType}
          day={day}
          time={freeTime}
          length={length}
          onLengthChange={onLengthChange}
          waiting={waiting}
          onWaitingChange={onWaitingChange}
          quote={quote}
          placesTyped={placesTyped}
          failure={quoteFailure}
        />
      </div>
      <button
        ref={bookRef}
        type="submit"
        disabled={step !== false}
        aria-busy={step !== false}
        aria-describedby={SAVE_CARD_CONSENT_ID}
        className={`${buttonPrimary} mt-5 w-full text-base`}
      >
        {step === 'booking'
          ? 'Booking...'
          : step === 'checkout'
            ? 'Opening secure checkout...'
            : 'Book an Appointment'}
      </button>
      <p className="mt-3 flex items-start justify-center gap-2 text-center text-xs text-ink-muted">
        <Lock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        {signedIn ? '' : 'Sign in to book. '}
        The deposit is paid on our card provider&apos;s secure checkout.
      </p>
      <p id={SAVE_CARD_CONSENT_ID} className="mt-1 text-center text-xs text-ink-muted">
        {SAVE_CARD_CONSENT}
      </p>
    </div>
  );
}
