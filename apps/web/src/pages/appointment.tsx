import { lazy, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { BadgeCheck, ChevronRight, Lock, LogIn } from 'lucide-react';
import { listBookableDays, MESSAGES, type BookingRequest, type Service } from '@app/shared';
import { useApp } from '../state/app-context.tsx';
import { BUSINESS } from '../config/env.ts';
import { apiRequest, ApiError } from '../lib/api.ts';
import { notify } from '../lib/notify.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { buttonPrimary, buttonSecondary, card, container } from '../components/ui/styles.ts';
import {
  AvailabilityBadge,
  InfoCards,
  RegularRateCard,
} from '../components/appointment/info-cards.tsx';
import { DepositBox } from '../components/appointment/deposit-box.tsx';
import { BookingPolicy } from '../components/appointment/booking-policy.tsx';
import { ServiceTypeSelect } from '../components/appointment/service-type-select.tsx';
import { SlotPicker } from '../components/appointment/slot-picker.tsx';
import { RelatedServices } from '../components/appointment/related-services.tsx';
import { firstBookingProblem } from '../components/appointment/booking-checks.ts';
import { ContactForm } from '../components/booking/contact-form.tsx';
import { ReturnRide } from '../components/booking/return-ride.tsx';
import {
  emptyContactDetails,
  type ContactDetails,
  type ContactUpdate,
} from '../components/booking/contact-details.ts';

const NotFoundPage = lazy(() => import('./not-found.tsx'));

/** /appointment/{serviceId}: a service's rates and the booking form. */
export default function AppointmentPage() {
  const { serviceId } = useParams<{ serviceId: string }>();
  const { services, servicesLoading } = useApp();
  if (servicesLoading) {
    return (
      <>
        <PageMeta
          title="Book a car"
          description="See a car's rates and book a half-hour pickup time online: private rides and car rentals around Norfolk County, Boston and Providence."
        />
        <PageLoading />
      </>
    );
  }
  const service = services.find((candidate) => candidate._id === serviceId);
  if (!service) return <NotFoundPage />;
  // Keyed by id: opening a related service starts its own, fresh choices.
  return <ServiceBooking key={service._id} service={service} services={services} />;
}

interface BookingAnswer {
  success: boolean;
  appointmentId?: string;
  message?: string;
}

interface CheckoutAnswer {
  success: boolean;
  url?: string;
  message?: string;
}

type Busy = false | 'booking' | 'checkout';

/** The car's details, drawn with the page's HTML, and its booking form. */
function ServiceBooking({ service, services }: { service: Service; services: Service[] }) {
  const { userLoading } = useApp();
  const types = service.availableServiceTypes;
  return (
    <div className={`${container} py-8 sm:py-12`}>
      <PageMeta
        title={`${service.serviceLevel} ${service.name}`}
        description={`Book the ${service.serviceLevel} ${service.name} (${service.type}) from ${BUSINESS.name} around Norfolk County, Boston and Providence${types.length > 0 ? `: ${types.join(', ')}` : ''}. See its rates and pick a half-hour pickup time.`}
      />

      <nav aria-label="Breadcrumb">
        <ol role="list" className="flex flex-wrap items-center gap-1 text-sm text-ink-muted">
          <li>
            <Link
              href="/services"
              className="inline-flex min-h-11 items-center rounded hover:text-brand hover:underline"
            >
              Services
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li>
            <Link
              href={`/services/${service.type}`}
              className="inline-flex min-h-11 items-center rounded hover:text-brand hover:underline"
            >
              {service.type}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="font-medium text-ink">
            {service.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid gap-6 lg:grid-cols-12 lg:gap-x-10 lg:gap-y-6">
        <div className="lg:col-span-5 lg:col-start-8 lg:row-start-1">
          <h1 className="text-3xl font-bold tracking-tight text-brand sm:text-4xl">
            <span className="block text-sm font-semibold tracking-widest text-ink-muted uppercase">
              {service.serviceLevel}
            </span>
            <span className="mt-1 inline-flex items-center gap-2">
              {service.name}
              <BadgeCheck
                className="size-7 shrink-0 text-brand-soft"
                aria-label="Verified"
                role="img"
              />
            </span>
          </h1>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <AvailabilityBadge available={service.available} />
            <span className="rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink">
              {service.type}
            </span>
          </div>
        </div>

        <div className="lg:col-span-7 lg:row-span-2 lg:row-start-1">
          <img
            src={service.image}
            alt={`${service.name}, ${service.type}`}
            width={640}
            height={400}
            fetchPriority="high"
            className={`${card} aspect-[16/10] h-auto w-full bg-brand-tint object-cover`}
          />
        </div>

        <div className="lg:col-span-5 lg:col-start-8 lg:row-start-2">
          <RegularRateCard service={service} />
        </div>
      </div>

      <div className="mt-6">
        <InfoCards service={service} />
      </div>

      <section id="book" aria-labelledby="book-heading" className="mt-16">
        <h2 id="book-heading" className="text-2xl font-bold tracking-tight text-brand">
          Schedule your ride
        </h2>
        <p className="mt-2 text-ink-muted">
          Pick a day and a half-hour start time. Times are Eastern (Boston) time.
        </p>
        {/* The profile first: the contact form starts from the signed-in user's phone. */}
        {userLoading ? <PageLoading /> : <BookingForm service={service} />}
      </section>

      <RelatedServices service={service} services={services} />
      {/* The spec's last section receives the service id and type but shows nothing. */}
    </div>
  );
}

/**
 * The day strip, the slots and the trip details. Drawn in the browser only, once the profile
 * is known: the free times depend on the moment it is drawn.
 */
function BookingForm({ service }: { service: Service }) {
  const [, navigate] = useLocation();
  const { user, csrfToken, refreshCsrfToken, reloadServices } = useApp();
  const days = useMemo(() => listBookableDays(new Date(), service.slots_booked), [service]);
  const [dayKey, setDayKey] = useState(
    () => (days.find((day) => day.slots.length > 0) ?? days[0])?.key,
  );
  // Kept when the day changes: the spec keeps the chosen time as chosen.
  const [slotTime, setSlotTime] = useState<string>();
  const [consented, setConsented] = useState(false);
  const [chosenType, setChosenType] = useState('');
  const [contact, setContact] = useState<ContactDetails>(() => emptyContactDetails(user?.phone));
  const [busy, setBusy] = useState<Busy>(false);
  /*
   * A booking holds its slot until its checkout expires: when only the checkout call failed,
   * trying again pays for that same booking instead of colliding with our own hold.
   */
  const heldBooking = useRef<{ request: string; appointmentId: string } | null>(null);
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
    if (busy) return;
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
    const requestKey = JSON.stringify(request);

    setBusy('booking');
    try {
      const token = csrfToken ?? (await refreshCsrfToken());
      let appointmentId =
        heldBooking.current?.request === requestKey ? heldBooking.current.appointmentId : undefined;
      if (!appointmentId) {
        const booked = await apiRequest<BookingAnswer>('/user/book-appointment', {
          method: 'POST',
          body: request,
          csrfToken: token,
        });
        if (!booked.success || !booked.appointmentId) {
          stop('error', booked.message ?? MESSAGES.bookingThrown);
          setBusy(false);
          return;
        }
        appointmentId = booked.appointmentId;
        heldBooking.current = { request: requestKey, appointmentId };
      }

      setBusy('checkout');
      const checkout = await apiRequest<CheckoutAnswer>('/user/create-checkout-session', {
        method: 'POST',
        body: {
          appointmentId,
          slotDate: request.slotDate,
          slotTime: request.slotTime,
          phone: request.phone,
          pickupAddress: request.pickupAddress,
          dropoffAddress: request.dropoffAddress,
          pickupNotes: request.pickupNotes,
          selectedServiceType: request.selectedServiceType,
        },
        csrfToken: token,
      });
      if (!checkout.success || !checkout.url) {
        stop('error', checkout.message ?? MESSAGES.bookingThrown);
        setBusy(false);
        return;
      }
      // The button stays busy while the browser leaves for the checkout page.
      window.location.assign(checkout.url);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 409) {
        // The slot was just taken (or the hold expired): show the current free times.
        heldBooking.current = null;
        void reloadServices();
      }
      stop(
        'error',
        error instanceof ApiError
          ? (error.serverMessage ?? MESSAGES.bookingThrown)
          : MESSAGES.bookingThrown,
      );
    }
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
          <button
            type="submit"
            disabled={busy !== false}
            aria-busy={busy !== false}
            className={`${buttonPrimary} mt-5 w-full text-base`}
          >
            {busy === 'booking'
              ? 'Booking...'
              : busy === 'checkout'
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
