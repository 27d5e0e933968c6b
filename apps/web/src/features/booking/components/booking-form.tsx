import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Lock, LogIn } from 'lucide-react';
import type { BookingRequest, Service, SlotDay, UserProfile } from '@app/shared';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../state/session.tsx';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import { useHydrated } from '../../../lib/rendered-at.ts';
import { useBookAndPay } from '../hooks/use-book-and-pay.ts';
import { useBookableDays } from '../hooks/use-bookable-days.ts';
import { fieldControl, firstBookingProblem, type BookingField } from '../utils/booking-checks.ts';
import {
  emptyContactDetails,
  type ContactDetails,
  type ContactUpdate,
} from '../utils/contact-details.ts';
import {
  loadSavedBooking,
  restoreSlot,
  saveBooking,
  type SavedBooking,
} from '../utils/saved-booking.ts';
import { BookingPolicy } from './booking-policy.tsx';
import { ContactForm } from './contact-form.tsx';
import { DepositBox } from './deposit-box.tsx';
import { initialPhone, makePhoneValue } from './phone-input.tsx';
import { RETURN_MESSAGES, ReturnNotice } from './return-notice.tsx';
import { BookingBar } from './booking-bar.tsx';
import { ReturnRide } from './return-ride.tsx';
import { RideEstimate } from './ride-estimate.tsx';
import { ServiceTypeSelect } from './service-type-select.tsx';
import { SlotPicker } from './slot-picker.tsx';

/** The checkout's cancel address carries it (start-checkout.ts in the API). */
const CANCELLED_MARK = 'checkout';

/** The toasts of this form, for the toaster: a newer one clears the stale ones. */
const TOAST_FORM = 'booking';

/**
 * The form as the customer left it on this car (signing in, the checkout), checked against the
 * free times of now, and what to tell them about it. Nothing while the server's HTML is being
 * rendered or hydrated: the tab's storage is the browser's alone.
 */
function startingPoint(
  service: Service,
  days: SlotDay[],
  signedIn: boolean,
  search: string,
  hydrated: boolean,
) {
  const saved = hydrated ? loadSavedBooking(service._id) : null;
  const slot = restoreSlot(days, saved?.dayKey, saved?.slotTime);
  const cancelled =
    saved?.leftFor === 'checkout' &&
    new URLSearchParams(search).get(CANCELLED_MARK) === 'cancelled';
  const lines = [
    cancelled && RETURN_MESSAGES.checkoutCancelled,
    saved?.leftFor === 'sign-in' && signedIn && RETURN_MESSAGES.signedIn,
    slot.dropped,
  ].filter((line): line is string => typeof line === 'string');
  return { saved, slot, lines };
}

/** The service type the form starts with: the one the customer left, if the car still has it. */
function startingType(types: readonly string[], saved: SavedBooking | null): string {
  return saved && types.includes(saved.serviceType) ? saved.serviceType : '';
}

/** The contact details the form starts with: the profile's phone, or what the customer left. */
function startingContact(user: UserProfile | null, saved: SavedBooking | null): ContactDetails {
  const empty = emptyContactDetails(user?.phone);
  if (!saved) return empty;
  return {
    ...empty,
    // A phone typed while signed in; a visitor's form starts from the profile's.
    phone:
      user && saved.phone ? makePhoneValue(saved.phone.country, saved.phone.national) : empty.phone,
    pickupAddress: saved.pickupAddress,
    dropoffAddress: saved.dropoffAddress,
    pickupNotes: saved.pickupNotes,
    needsReturnRide: saved.needsReturnRide,
    returnPickupAddress: saved.returnPickupAddress,
    returnDropoffAddress: saved.returnDropoffAddress,
    returnPickupNotes: saved.returnPickupNotes,
  };
}

/**
 * The day strip, the slots and the trip details. The server renders it for the visitor it knows,
 * with the free times of the moment; hydrated, it is filled in with what the customer chose
 * before on this car, which is kept in the tab (saved-booking.ts) and comes back with them.
 */
export function BookingForm({ service }: { service: Service }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const { user } = useSession();
  const { step, bookAndPay } = useBookAndPay();
  const hydrated = useHydrated();
  const days = useBookableDays(service.slots_booked);
  const types = service.availableServiceTypes;
  const profilePhone = initialPhone(user?.phone).national;
  const [start, setStart] = useState(() =>
    startingPoint(service, days, user !== null, search, hydrated),
  );
  const { saved } = start;
  const [dayKey, setDayKey] = useState(start.slot.dayKey);
  // Kept when the day changes: the chosen time stays as chosen (docs/product.md, Slots).
  const [slotTime, setSlotTime] = useState(start.slot.slotTime);
  const [consented, setConsented] = useState(saved?.consented ?? false);
  const [chosenType, setChosenType] = useState(() => startingType(types, saved));
  const [contact, setContact] = useState<ContactDetails>(() => startingContact(user, saved));
  // Hydrated from the server's HTML: now the form as the customer left it (a render-time state
  // update, so the empty form is never committed over it).
  const [restored, setRestored] = useState(hydrated);
  if (hydrated && !restored) {
    const left = startingPoint(service, days, user !== null, search, true);
    setRestored(true);
    setStart(left);
    setDayKey(left.slot.dayKey);
    setSlotTime(left.slot.slotTime);
    setConsented(left.saved?.consented ?? false);
    setChosenType(startingType(types, left.saved));
    setContact(startingContact(user, left.saved));
  }
  // The field the last check found at fault: marked inline until the customer changes it.
  const [fieldError, setFieldError] = useState<{ field: BookingField; message: string } | null>(
    null,
  );
  /** The check whose toast, once gone, may send focus to its field (a newer one replaces it). */
  const pendingFocus = useRef<number | null>(null);
  const checks = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const bookRef = useRef<HTMLButtonElement>(null);

  // A car with a single service type has no dropdown: that type is the choice.
  const serviceType = types.length === 1 ? (types[0] ?? '') : chosenType;
  const chosenDay = days.find((day) => day.key === dayKey);
  // A time kept from another day counts as chosen only when it is free on this one.
  const freeTime = chosenDay?.slots.some((slot) => slot.label === slotTime) ? slotTime : undefined;

  const current: SavedBooking = useMemo(
    () => ({
      serviceType: chosenType,
      dayKey,
      slotTime,
      consented,
      phone: user
        ? { country: contact.phone.country, national: contact.phone.national }
        : undefined,
      pickupAddress: contact.pickupAddress,
      dropoffAddress: contact.dropoffAddress,
      pickupNotes: contact.pickupNotes,
      needsReturnRide: contact.needsReturnRide,
      returnPickupAddress: contact.returnPickupAddress,
      returnDropoffAddress: contact.returnDropoffAddress,
      returnPickupNotes: contact.returnPickupNotes,
      leftFor: undefined,
    }),
    [chosenType, dayKey, slotTime, consented, user, contact],
  );
  useEffect(() => {
    // Not the server's empty form: it would overwrite what the tab kept before it is restored.
    if (restored) saveBooking(service._id, current, profilePhone);
  }, [restored, service._id, current, profilePhone]);

  // Back at the form: the checkout's mark leaves the address (a reload says nothing again), and
  // the notice, if any, takes focus so the customer sees and hears why the form is filled in.
  useEffect(() => {
    if (!restored) return;
    const params = new URLSearchParams(window.location.search);
    if (params.has(CANCELLED_MARK)) {
      params.delete(CANCELLED_MARK);
      const rest = params.toString();
      navigate(`${window.location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    }
    noticeRef.current?.focus();
  }, [restored, navigate]);

  function clearError(field: BookingField) {
    if (fieldError?.field !== field) return;
    setFieldError(null);
    pendingFocus.current = null;
  }

  const updateContact: ContactUpdate = (patch) => {
    if (typeof patch === 'object' && 'phone' in patch) clearError('phone');
    setContact((previous) => ({
      ...previous,
      ...(typeof patch === 'function' ? patch(previous) : patch),
    }));
  };

  /** Keeps the form with why the customer is leaving it, for the page they come back to. */
  function leaving(leftFor: SavedBooking['leftFor']) {
    saveBooking(service._id, { ...current, leftFor }, profilePhone);
  }

  /**
   * The spec's toast and scroll to the top, and the field at fault marked under it. When the
   * toast goes (closed by hand or in time) and the customer has not moved on meanwhile, focus
   * goes to that field.
   */
  function stop(kind: 'warning' | 'error', message: string, field?: BookingField) {
    const check = ++checks.current;
    pendingFocus.current = field ? check : null;
    setFieldError(field ? { field, message } : null);
    const focusedBefore = document.activeElement;
    notify(kind, message, {
      form: TOAST_FORM,
      onClose: field
        ? () => {
            if (pendingFocus.current !== check || !formRef.current) return;
            pendingFocus.current = null;
            const focused = document.activeElement;
            const stayed =
              focused === null ||
              focused === focusedBefore ||
              focused === document.body ||
              focused.closest('#toasts') !== null;
            if (stayed) fieldControl(formRef.current, field)?.focus();
          }
        : undefined,
    });
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
      leaving('sign-in');
      navigate(`/login?next=/appointment/${service._id}`);
      return;
    }
    if (problem) {
      stop('error', problem.message, problem.field);
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
    leaving('checkout');
    const failure = await bookAndPay(request);
    if (failure) {
      // A failed booking keeps the form as it is; only the reason for leaving is gone.
      leaving(undefined);
      stop('error', failure);
    }
  }

  const errorOf = (field: BookingField) =>
    fieldError?.field === field ? fieldError.message : undefined;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby="book-heading">
      {/* The server's form cannot work until hydrated: a choice made then would be lost, and Book
          would send the form natively. Its controls wait, disabled, until the form is live. */}
      <fieldset
        disabled={!restored}
        className="mt-6 grid min-w-0 items-start gap-6 lg:grid-cols-12 lg:gap-10"
      >
        <ReturnNotice ref={noticeRef} lines={start.lines} />
        <div className={`${card} min-w-0 space-y-8 p-5 sm:p-8 lg:col-span-7`}>
          <ServiceTypeSelect
            types={types}
            value={chosenType}
            onChange={(type) => {
              clearError('serviceType');
              setChosenType(type);
            }}
            error={errorOf('serviceType')}
          />
          {user ? (
            <ContactForm value={contact} onChange={updateContact} phoneError={errorOf('phone')} />
          ) : (
            <SignInPrompt serviceId={service._id} onLeave={() => leaving('sign-in')} />
          )}
          <ReturnRide value={contact} onChange={updateContact} />
          <SlotPicker
            days={days}
            selectedDayKey={dayKey}
            onSelectDay={setDayKey}
            selectedTime={slotTime}
            onSelectTime={(time) => {
              clearError('slot');
              setSlotTime(time);
            }}
            error={errorOf('slot')}
          />
        </div>

        <div className="min-w-0 space-y-4 lg:sticky lg:top-24 lg:col-span-5">
          <DepositBox service={service} />
          <BookingPolicy
            consented={consented}
            onConsentChange={(given) => {
              clearError('consent');
              setConsented(given);
            }}
            error={errorOf('consent')}
          />
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
              ref={bookRef}
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
        {restored && (
          <BookingBar
            service={service}
            day={chosenDay}
            time={freeTime}
            formButton={bookRef}
            busy={step !== false}
          />
        )}
      </fieldset>
    </form>
  );
}

/** Where a visitor would fill in the trip details: signing in comes back to this car. */
function SignInPrompt({ serviceId, onLeave }: { serviceId: string; onLeave: () => void }) {
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
        onClick={onLeave}
        className={`${buttonSecondary} shrink-0`}
      >
        <LogIn className="size-4" aria-hidden="true" />
        Login / Sign Up
      </Link>
    </div>
  );
}
