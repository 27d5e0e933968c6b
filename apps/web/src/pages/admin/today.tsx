import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { RIDE_SEARCH_MAX_LENGTH } from '@app/shared';
import { useLoad } from '../../lib/use-load.ts';
import { useRefreshWhileSeen } from '../../lib/use-refresh-while-seen.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../components/ui/styles.ts';
import { getToday } from '../../features/admin-rides/api/rides.ts';
import {
  TodayBills,
  TodayRides,
  TodaySummary,
} from '../../features/admin-rides/components/today-view.tsx';
import {
  addDaysIso,
  formatDayHeading,
  screenPath,
  slotKeyOfIso,
  todayIso,
} from '../../features/admin-rides/utils/ride-view.ts';

/** A chauffeur's tap, a payment or a cancellation reaches an open Today within this long. */
const REFRESH_EVERY_MS = 30_000;

/** `2026-11-25`, or nothing for a value that is not a day. */
const dayParam = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';

/**
 * /admin/today, where the console opens: the day's summary and its rides in time order on the
 * first screen of a phone, each a link to the ride; then a search of every day by booking
 * reference, name, email or phone, and the way to the other days and the whole board.
 * `?date=` shows another day.
 */
export default function TodayScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const asked = dayParam(new URLSearchParams(search).get('date'));
  const day = useLoad(() => getToday(asked || undefined), [asked]);
  useRefreshWhileSeen(day.reload, REFRESH_EVERY_MS);
  const [query, setQuery] = useState('');

  const date = day.data?.date ?? (asked || todayIso());
  const isToday = date === todayIso();
  const dayName = formatDayHeading(slotKeyOfIso(date));
  const title = isToday ? 'Today' : dayName;
  const dayHref = (iso: string) => (iso === todayIso() ? '/today' : `/today?date=${iso}`);

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = query.trim();
    if (q) navigate(screenPath({ q }));
  }

  return (
    <>
      <PageMeta title={`${title} · Console`} />
      <h1 className="text-2xl font-bold tracking-tight text-brand sm:text-3xl">{title}</h1>
      {isToday ? <p className="text-ink-muted">{dayName}, New York time</p> : null}
      <section aria-label={`Rides on ${dayName}`}>
        {!day.data && day.loading ? (
          <p role="status" className="mt-3 text-ink-muted">
            Loading the day...
          </p>
        ) : !day.data ? (
          <div className="mt-3">
            <p role="alert" className="text-danger">
              {day.failure}
            </p>
            <button
              type="button"
              className={`mt-3 ${buttonSecondary}`}
              onClick={() => void day.reload()}
            >
              Try again
            </button>
          </div>
        ) : (
          <>
            <TodaySummary day={day.data} isToday={isToday} />
            <TodayRides
              rides={day.data.rides}
              label={`The rides of ${dayName}`}
              rideHref={(id) => screenPath({ ride: id })}
            />
            <TodayBills day={day.data} rideHref={(id) => screenPath({ ride: id })} />
          </>
        )}
        <nav aria-label="Other days" className="mt-4 flex flex-wrap gap-2">
          <Link href={dayHref(addDaysIso(date, -1))} className={buttonSecondary}>
            Previous day
          </Link>
          {isToday ? null : (
            <Link href="/today" className={buttonSecondary}>
              Today
            </Link>
          )}
          <Link href={dayHref(addDaysIso(date, 1))} className={buttonSecondary}>
            Next day
          </Link>
          <Link href={screenPath({})} className={buttonSecondary}>
            All rides
          </Link>
        </nav>
      </section>
      <form
        role="search"
        aria-label="Find a ride"
        noValidate
        onSubmit={find}
        className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <TextField
          label="Find a ride on any day"
          name="q"
          type="search"
          placeholder="Booking reference, name, email or phone"
          autoComplete="off"
          maxLength={RIDE_SEARCH_MAX_LENGTH}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="sm:w-96"
        />
        <button type="submit" className={buttonPrimary}>
          Find
        </button>
      </form>
    </>
  );
}
