import { useParams } from 'wouter';
import { TripTokenParamsSchema } from '@app/shared';
import { PageMeta } from '../components/page-meta.tsx';
import { card, container, eyebrow } from '../components/ui/styles.ts';
import { LiveTrip } from '../features/trip/components/live-trip.tsx';
import NotFoundPage from './not-found.tsx';

/**
 * /trip/:token: the live trip page the chauffeur's "On my way" and "Arrived" messages link to,
 * opened without signing in (the token is the key to that one ride, read-only; a day after the
 * ride it no longer opens). It shows only what following the car needs.
 */
export default function TripPage() {
  const { token = '' } = useParams<{ token: string }>();
  if (!TripTokenParamsSchema.safeParse({ token }).success) return <NotFoundPage />;
  return (
    <div className={`${container} py-10 sm:py-16`}>
      <PageMeta title="Your ride, live" />
      <div className="mx-auto max-w-2xl">
        <p className={eyebrow}>Live trip</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-4xl">
          Your ride, live
        </h1>
        <section aria-label="Trip" className={`${card} mt-8 p-4 sm:p-6`}>
          <LiveTrip token={token} />
        </section>
      </div>
    </div>
  );
}
