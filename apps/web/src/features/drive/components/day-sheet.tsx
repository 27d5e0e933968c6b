import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import {
  DRIVE_DAYS_AHEAD,
  addDays,
  businessToday,
  formatMinutes,
  formatNewYorkTime,
  formatSlotDateLong,
  slotDateKey,
  type DriveRide,
} from '@app/shared';
import { buttonSecondary } from '../../../components/ui/styles.ts';
import { DriveRideCard } from './drive-ride-card.tsx';

/** The sheet as last read, and whether it came from the device's copy (no signal). */
export interface SheetShown {
  rides: DriveRide[];
  readAt: string;
  offline: boolean;
}

/** `Today`, `Tomorrow`, `Yesterday`, else the date: how a chauffeur reads a day. */
function dayHeading(key: string, now: Date): string {
  const today = businessToday(now);
  const named: Record<string, string> = {
    [slotDateKey(today)]: 'Today',
    [slotDateKey(addDays(today, 1))]: 'Tomorrow',
    [slotDateKey(addDays(today, -1))]: 'Yesterday',
  };
  const date = formatSlotDateLong(key);
  return named[key] ? `${named[key]}, ${date}` : date;
}

function byDay(rides: readonly DriveRide[]): [string, DriveRide[]][] {
  const days = new Map<string, DriveRide[]>();
  for (const ride of rides) days.set(ride.slotDate, [...(days.get(ride.slotDate) ?? []), ride]);
  return [...days];
}

/** How old the copy is, in words: `just now`, `12 min ago`, `3 hours ago`. */
function age(readAt: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(readAt).getTime()) / 60_000);
  return minutes < 1 ? 'just now' : `${formatMinutes(minutes)} ago`;
}

/**
 * The rides a chauffeur drives from yesterday to a week ahead, by day and pickup time, each a
 * card with its one button. Without signal it shows the device's copy, saying how old it is,
 * with no buttons (a tap could not be sent).
 */
export function DaySheet({
  sheet,
  refreshing,
  onRefresh,
  onChanged,
}: {
  sheet: SheetShown;
  refreshing: boolean;
  onRefresh: () => void;
  onChanged: (ride: DriveRide) => void;
}) {
  // The clock the Undo buttons and the copy's age are read at.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 5_000);
    return () => clearInterval(timer);
  }, []);
  const days = byDay(sheet.rides);

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight text-brand sm:text-4xl">Your rides</h1>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {sheet.offline ? (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-ink">
            No signal: this is your sheet as of {formatNewYorkTime(new Date(sheet.readAt))} (
            {age(sheet.readAt, now)}). Taps wait until you are back online.
          </p>
        ) : (
          <p className="text-sm text-ink-muted">Updated {age(sheet.readAt, now)}.</p>
        )}
        <button
          type="button"
          onClick={onRefresh}
          disabled={refreshing}
          aria-busy={refreshing}
          className={buttonSecondary}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Refresh
        </button>
      </div>

      {days.length === 0 ? (
        <p className="mt-8 text-ink-muted">
          No rides for you from yesterday to {DRIVE_DAYS_AHEAD} days ahead. Rides the owner gives
          you appear here.
        </p>
      ) : (
        days.map(([key, rides]) => (
          <section key={key} aria-labelledby={`day-${key}`} className="mt-8">
            <h2 id={`day-${key}`} className="text-xl font-semibold text-brand">
              {dayHeading(key, now)}
            </h2>
            <div className="mt-3 grid gap-4">
              {rides.map((ride) => (
                <DriveRideCard
                  key={ride.id}
                  ride={ride}
                  now={now}
                  readOnly={sheet.offline}
                  onChanged={onChanged}
                />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
