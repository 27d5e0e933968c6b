import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Lock, LogIn } from 'lucide-react';
import { listBookableDays, type BookingRequest, type Service } from '@app/shared';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../state/session.tsx';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import { useBookAndPay } from '../hooks/use-book-and-pay.ts';
import { firstBookingProblem } from '../utils/booking-checks.ts';
import {
  emptyContactDetails,
  type ContactDetails,
  type ContactUpdate,
} from '../utils/contact-details.ts';
import { BookingPolicy } from './booking-policy.tsx';
import { ContactForm } from './contact-form.tsx';
import { DepositBox } from './deposit-box.tsx';
import { ReturnRide } from './return-ride.tsx';
import { RideEstimate } from './ride-estimate.tsx';
import { ServiceTypeSelect } from './service-type-select.tsx';
import { SlotPicker } from './slot-picker.tsx';

/**
 * The day strip, the slots and the trip details. Rendered in the browser only, once the profile
 * is known: the free times depend on the moment it is rendered.
 */
export function BookingForm({ service }: { service: Service }) {
  const [, navigate] = useLocation();
  const { user } = useSession();
  const { step, bookAndPay } = useBookAndPay();
  const days = useMemo(() => listBookableDays(new Date(), service.slots_booked), [service]);
  const [dayKey, setDayKey] = useState(
    () => (days.find((day) => day.slots.length > 0) ?? days[0])?.key,
  );
  // Kept when the day changes: the chosen time stays as chosen (docs/product.md, Slots).
  const [slotTime, setSlotTime] = useState<string>();
  const [consented, setConsented] = useState(false);
  const [chosenType, setChosenType] = useState('');
  const [contact, setContact] = useState<ContactDetails>(() => emptyContactDetails(user?.phone));
  const types = service.availableServiceTypes;
  // A car with a single service type has no dropdown: that type is the choice.
  const serviceType = types.length === 1 ? (types[0] ?? '') : chosenType;
  const chosenDay = days.find((day) => day.key === dayKey);
  // A time kept from another day counts as chosen only when it is free on this one.
  const freeTime = chosenDay?.slots.some((slot) => slot.label === slotTime) ? slotTime : undefined;

  const updateContact: ContactUpdate = (patch) =>
    setContact((current) => ({
      ...current,
      ...(typeof patch === 'function' ? patch(current) : patch),
    }));

  function stop(kind: 'warning' | 'error', message: string) {
    notify(kind, message);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step) return;
    const problem = firstBookingProblem({
      signedIn: user !== null,
      consented,
      phoneValid: contact.phone.valid,
      serviceType,
      slotTime: freeTime,
    });
    if (problem?.kind === 'login') {
      stop('warning', problem.message);
      navigate(`/login?next=/appointment/${service._id}`);
      return;
    }
    if (problem) {
      stop('error', problem.message);
      return;
    }
    if (!chosenDay || !freeTime) return;

    const returnRide = contact.needsReturnRide === true;
    const request: BookingRequest = {
      serviceId: service._id,
      slotTime: freeTime,
      slotDate: chosenDay.key,
      phone: contact.phone.international,
      pickupAddress: contact.pickupAddress.trim(),
      dropoffAddress: contact.dropoffAddress.trim(),
      pickupNotes: contact.pickupNotes.trim(),
      selectedServiceType: serviceType,
      needsReturnRide: contact.needsReturnRide,
      // Only a return ride sends its details.
      returnPickupNotes: returnRide ? contact.returnPickupNotes.trim() : '',
      returnPickupAddress: returnRide ? contact.returnPickupAddress.trim() : '',
      returnDropoffAddress: returnRide ? contact.returnDropoffAddress.trim() : '',
    };
    const failure = await bookAndPay(request);
    if (failure) stop('error', failure);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="book-heading"
      className="mt-6 grid items-start gap-6 lg:grid-cols-12 lg:gap-10"
    >
      <div className={`${card} min-w-0 space-y-8 p-5 sm:p-8 lg:col-span-7`}>
        <ServiceTypeSelect types={types} value={chosenType} onChange={setChosenType} />
        {user ? (
          <ContactForm value={contact} onChange={updateContact} />
        ) : (
          <SignInPrompt serviceId={service._id} />
        )}
        <ReturnRide value={contact} onChange={updateContact} />
        <SlotPicker
          days={days}
          selectedDayKey={dayKey}
          onSelectDay={setDayKey}
          selectedTime={slotTime}
          onSelectTime={setSlotTime}
        />
      </div>

      <div className="min-w-0 space-y-4 lg:sticky lg:top-24 lg:col-span-5">
        <DepositBox service={service} />
        <BookingPolicy consented={consented} onConsentChange={setConsented} />
        <div className={`${card} p-5 sm:p-6`}>
          <h3 className="text-base font-semibold text-brand">Your selection</h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-ink-muted">Day</dt>
            <dd className="text-right font-medium text-ink">
              {chosenDay
                ? `${chosenDay.weekday} ${chosenDay.monthShort} ${chosenDay.day}, ${chosenDay.year}`
                : 'Not chosen'}
            </dd>
            <dt className="text-ink-muted">Time</dt>
            <dd className="text-right font-medium text-ink">{slotTime ?? 'Not chosen'}</dd>
            {types.length > 0 && (
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
              day={chosenDay}
              time={freeTime}
            />
          </div>
          <button
            type="submit"
            disabled={step !== false}
            aria-busy={step !== false}
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
            {user ? '' : 'Sign in to book. '}
            The deposit is paid on our card provider&apos;s secure checkout.
          </p>
        </div>
      </div>
    </form>
  );
}

/** Where a visitor would fill in the trip details: signing in comes back to this car. */
function SignInPrompt({ serviceId }: { serviceId: string }) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-line bg-brand-tint/60 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h3 className="text-base font-semibold text-brand">Your trip details</h3>
        <p className="mt-1 text-sm text-ink-muted">
          Sign in to add your phone number and pickup and drop-off addresses.
        </p>
      </div>
      <Link
        href={`/login?next=/appointment/${serviceId}`}
        className={`${buttonSecondary} shrink-0`}
      >
        <LogIn className="size-4" aria-hidden="true" />
        Login / Sign Up
      </Link>
    </div>
  );
}
