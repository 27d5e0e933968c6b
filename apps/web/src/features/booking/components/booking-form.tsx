import { useMemo, useRef, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import {
  DEFAULT_LENGTH,
  busyInstants,
  lengthMinutes,
  occupiedUntil,
  rateKindOf,
  type Service,
} from '@app/shared';
import { useSession } from '../../../state/session.tsx';
import { card } from '../../../components/ui/styles.ts';
import { useBookAndPay } from '../hooks/use-book-and-pay.ts';
import { useBookableDays, useFittingDays } from '../hooks/use-bookable-days.ts';
import { useBookingDraft } from '../hooks/use-booking-draft.ts';
import { useFieldErrors } from '../hooks/use-field-errors.ts';
import { useRideQuote } from '../hooks/use-ride-quote.ts';
import { bookingProblems } from '../utils/booking-checks.ts';
import { bookingRequest } from '../utils/booking-request.ts';
import { nightRateTimes } from '../utils/night-rate-times.ts';
import { differingPrices, offeredDay, quotedNightTimes } from '../utils/quoted-times.ts';
import type { ContactUpdate } from '../utils/contact-details.ts';
import { BookingBar } from './booking-bar.tsx';
import { BookingPolicy } from './booking-policy.tsx';
import { BookingSummary } from './booking-summary.tsx';
import { ContactForm } from './contact-form.tsx';
import { DepositBox } from './deposit-box.tsx';
import { ReturnNotice } from './return-notice.tsx';
import { ReturnLeg } from './return-leg.tsx';
import { ReturnRide } from './return-ride.tsx';
import { returnLength, returnStarts, type ReturnLegContext } from '../utils/return-leg.ts';
import { ServiceTypeSelect } from './service-type-select.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';
import { SlotPicker } from './slot-picker.tsx';

/**
 * The day strip, the slots and the trip details. The server renders it for the visitor it knows,
 * with the free times of the moment; hydrated, it is filled in with what the customer chose
 * before on this car, which is kept in the tab (use-booking-draft.ts) and comes back with them.
 */
export function BookingForm({ service }: { service: Service }) {
  const [, navigate] = useLocation();
  // A staff session before its second factor has no profile to fill the form with.
  const { profile: user } = useSession();
  const { step, bookAndPay } = useBookAndPay();
  const freeDays = useBookableDays(service.slots_booked);
  const types = service.availableServiceTypes;
  const noticeRef = useRef<HTMLDivElement>(null);
  const draft = useBookingDraft(service, freeDays, noticeRef);
  const { restored, dayKey, slotTime, consented, contact, leaving } = draft;
  const formRef = useRef<HTMLFormElement>(null);
  const bookRef = useRef<HTMLButtonElement>(null);
  const { errorOf, clearError, stop } = useFieldErrors(formRef);

  // A car with a single service type has no dropdown: that type is the choice.
  const serviceType = types.length === 1 ? (types[0] ?? '') : draft.chosenType;
  // The car is the booking's for its length and turnaround: only the starts that fit are offered.
  const kind = rateKindOf(serviceType);
  const length = draft.lengths[kind] ?? DEFAULT_LENGTH[kind];
  const minutes = lengthMinutes(kind, length);
  const turnaround = service.turnaroundMinutes[kind];
  const { returnLeg, waitingMinutes } = draft;
  const roundTrip = contact.needsReturnRide === true && !returnLeg.later;
  const returnUnits = returnLength(returnLeg, kind);

  const {
    quote,
    failure: quoteFailure,
    routed,
    returnRouted,
    bookedMinutes,
    starts,
    returnOffered,
  } = useRideQuote({
    serviceId: service._id,
    serviceType,
    needsType: types.length > 1 && serviceType === '',
    kind,
    dayKey,
    slotTime,
    minutes,
    waitingMinutes,
    contact,
    returnLeg: roundTrip ? returnLeg : undefined,
    returnUnits,
  });

  const fittingDays = useFittingDays(freeDays, service.slots_booked, bookedMinutes + turnaround);
  // The quote's starts for the shown day: the times the car can reach, each with its price.
  const days = useMemo(
    () =>
      starts
        ? fittingDays.map((day) => (day.key === dayKey ? offeredDay(day, starts) : day))
        : fittingDays,
    [fittingDays, starts, dayKey],
  );
  const chosenDay = days.find((day) => day.key === dayKey);
  const nightTimes =
    chosenDay && serviceType
      ? starts
        ? quotedNightTimes(chosenDay, starts)
        : nightRateTimes(service, kind, routed ? bookedMinutes / 60 : length, chosenDay)
      : undefined;
  // A time kept from another day counts as chosen only when it is free on this one.
  const freeTime = chosenDay?.slots.some((slot) => slot.label === slotTime) ? slotTime : undefined;

  // A round trip's return leg (ADR 018): on this car, after the first ride and its turnaround.
  const busy = useMemo(() => busyInstants(service.slots_booked), [service.slots_booked]);
  const firstStart = chosenDay?.slots.find((slot) => slot.label === freeTime)?.startsAt;
  const returnContext: ReturnLegContext = {
    days: freeDays,
    busy,
    firstBackAt: firstStart && occupiedUntil(firstStart, bookedMinutes, turnaround),
    kind,
    turnaround,
    routedMinutes: returnRouted ? quote?.returnLeg?.lengthMinutes : undefined,
    offered: returnOffered,
  };
  const returnDay = freeDays.find((day) => day.key === returnLeg.dayKey);
  const returnSlot = returnStarts(returnContext, returnDay, returnUnits).find(
    (slot) => slot.label === returnLeg.time,
  );
  const placesTyped = contact.pickupAddress.trim() !== '' && contact.dropoffAddress.trim() !== '';
  const shownPrice = quote && (quote.total ?? quote.ride.price);

  const updateContact: ContactUpdate = (patch) => {
    if (typeof patch === 'object' && 'phone' in patch) clearError('phone');
    draft.setContact((previous) => ({
      ...previous,
      ...(typeof patch === 'function' ? patch(previous) : patch),
    }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step) return;
    const problems = bookingProblems({
      signedIn: user !== null,
      consented,
      phoneValid: contact.phone.valid,
      serviceType,
      slotTime: freeTime,
      returnTimeMissing: roundTrip && freeTime !== undefined && !(returnDay && returnSlot),
    });
    if ('kind' in problems) {
      stop('warning', problems.message);
      leaving('sign-in');
      navigate(`/login?next=/appointment/${service._id}`);
      return;
    }
    const [first] = problems;
    if (first) {
      stop('error', first.message, problems);
      return;
    }
    if (!chosenDay || !freeTime) return;

    const request = bookingRequest(
      {
        serviceId: service._id,
        slotDate: chosenDay.key,
        slotTime: freeTime,
        serviceType,
        // A ride booked for its route sends its waiting time; the server finds the route again.
        lengthMinutes: routed ? undefined : minutes,
        waitingMinutes: kind === 'ride' ? waitingMinutes : 0,
        returnLeg:
          roundTrip && returnDay && returnSlot
            ? {
                slotDate: returnDay.key,
                slotTime: returnSlot.label,
                lengthMinutes: returnRouted ? undefined : lengthMinutes(kind, returnUnits),
                waitingMinutes: kind === 'ride' ? (returnLeg.waiting ?? 0) : 0,
              }
            : undefined,
      },
      contact,
    );
    leaving('checkout');
    const failure = await bookAndPay(request);
    if (failure) {
      // A failed booking keeps the form as it is; only the reason for leaving is gone.
      leaving(undefined);
      stop('error', failure);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby="book-heading">
      {/* The server's form cannot work until hydrated: a choice made then would be lost, and Book
          would send the form natively. Its controls wait, disabled, until the form is live. */}
      <fieldset
        disabled={!restored}
        className="mt-6 grid min-w-0 items-start gap-6 lg:grid-cols-12 lg:gap-10"
      >
        <ReturnNotice ref={noticeRef} lines={draft.lines} />
        <div className={`${card} min-w-0 space-y-8 p-5 sm:p-8 lg:col-span-7`}>
          <ServiceTypeSelect
            types={types}
            value={draft.chosenType}
            onChange={(type) => {
              clearError('serviceType');
              draft.setChosenType(type);
            }}
            error={errorOf('serviceType')}
          />
          {user ? (
            <ContactForm value={contact} onChange={updateContact} phoneError={errorOf('phone')} />
          ) : (
            <SignInPrompt serviceId={service._id} onLeave={() => leaving('sign-in')} />
          )}
          <ReturnRide value={contact} onChange={updateContact}>
            <ReturnLeg
              context={returnContext}
              routed={returnRouted}
              value={returnLeg}
              onChange={(choice) => {
                clearError('returnLeg');
                draft.setReturnLeg(choice);
              }}
              error={errorOf('returnLeg')}
            />
          </ReturnRide>
          <SlotPicker
            days={days}
            selectedDayKey={dayKey}
            onSelectDay={draft.setDayKey}
            selectedTime={slotTime}
            onSelectTime={(time) => {
              clearError('slot');
              draft.setSlotTime(time);
            }}
            error={errorOf('slot')}
            marked={nightTimes}
            prices={starts && serviceType ? differingPrices(starts) : undefined}
            disabled={!restored}
          />
        </div>

        <div className="min-w-0 space-y-4 lg:sticky lg:top-24 lg:col-span-5">
          <DepositBox service={service} rides={roundTrip ? 2 : 1} />
          <BookingPolicy
            consented={consented}
            onConsentChange={(given) => {
              clearError('consent');
              draft.setConsented(given);
            }}
            error={errorOf('consent')}
          />
          <BookingSummary
            service={service}
            day={chosenDay}
            slotTime={slotTime}
            freeTime={freeTime}
            serviceType={serviceType}
            length={length}
            onLengthChange={(chosen) => draft.setLength(kind, chosen)}
            waiting={waitingMinutes}
            onWaitingChange={draft.setWaitingMinutes}
            quote={quote}
            placesTyped={placesTyped}
            quoteFailure={quoteFailure}
            step={step}
            signedIn={user !== null}
            bookRef={bookRef}
          />
        </div>
        {restored && (
          <BookingBar
            service={service}
            day={chosenDay}
            time={freeTime}
            formButton={bookRef}
            busy={step !== false}
            price={shownPrice ?? undefined}
            reasons={quote?.returnLeg ? undefined : quote?.ride.price?.reasons}
          />
        )}
      </fieldset>
    </form>
  );
}
