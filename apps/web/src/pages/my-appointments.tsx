import { MESSAGES } from '@app/shared';
import { notify } from '../lib/notify.ts';
import { useLoad } from '../lib/use-load.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { container, eyebrow } from '../components/ui/styles.ts';
import { listMyAppointments } from '../features/booking/api/booking.ts';
import { AppointmentList } from '../features/booking/components/appointment-list.tsx';
import {
  countMoreRides,
  pickShownAppointments,
} from '../features/booking/utils/shown-appointments.ts';

/** /my-appointments: the signed-in customer's paid appointments (the route guard's user). */
export default function MyAppointmentsPage() {
  const loaded = useLoad(
    () =>
      listMyAppointments().then(({ appointments }) => {
        const shown = pickShownAppointments(appointments);
        return { shown, more: countMoreRides(appointments, shown) };
      }),
    [],
    {
      onLoaded: ({ shown }) => {
        if (shown.length === 0) notify('warning', MESSAGES.noAppointments);
      },
      onFailed: (message) => notify('error', message),
    },
  );
  // A list that did not come is said in a toast; the page shows none.
  const appointments = loaded.failure ? [] : loaded.data?.shown;

  return (
    <div className={`${container} py-10 sm:py-16`}>
      <PageMeta title="My Appointments" />
      <div className="mx-auto max-w-3xl">
        <p className={eyebrow}>Account</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-4xl">
          My Appointments
        </h1>
        <p className="mt-2 text-ink-muted">Your most recent paid bookings.</p>
        <div className="mt-8">
          {appointments === undefined ? (
            <PageLoading label="Loading your appointments..." inPage />
          ) : (
            <AppointmentList appointments={appointments} moreRides={loaded.data?.more ?? 0} />
          )}
        </div>
      </div>
    </div>
  );
}
