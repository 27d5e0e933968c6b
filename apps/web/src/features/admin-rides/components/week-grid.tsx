import { Link } from 'wouter';
import {
  addDays,
  firstName,
  formatSlotTime,
  midnightOf,
  parseSlotDateKey,
  wallClockAt,
  type Block,
  type Ride,
  type Service,
} from '@app/shared';
import { card } from '../../../components/ui/styles.ts';
import {
  addDaysIso,
  billLabel,
  formatDayHeading,
  slotKeyOfIso,
  statusLabel,
} from '../utils/ride-view.ts';

/**
 * Seven days (or one) from `from` across the cars: a table with a row per car and a column per day, each
 * cell the car's day drawn as a bar over its hours (each ride's time, then its turnaround, over
 * midnight too: ADR 018) above the rides that start that day, with their start and end. It
 * scrolls sideways on a phone (the region takes focus, so a keyboard can scroll it too).
 */
export function WeekGrid({
  from,
  days: length = 7,
  rides,
  blocks = [],
  services,
  rideHref,
}: {
  from: string;
  /** How many days: 7 for the week, 1 for a day. */
  days?: number;
  rides: readonly Ride[];
  /** The owner's blocks, drawn on the bars too. */
  blocks?: readonly Block[];
  services: readonly Service[];
  rideHref: (id: string) => string;
}) {
  const days = Array.from({ length }, (_, i) => slotKeyOfIso(addDaysIso(from, i)));
  const carIds = [...new Set([...services.map((s) => s._id), ...rides.map((r) => r.serviceId)])];
  const nameOf = (id: string) =>
    services.find((s) => s._id === id)?.name ??
    rides.find((r) => r.serviceId === id)?.carName ??
    id;
  const cars = carIds.sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  const cell = (carId: string, day: string) =>
    rides.filter((r) => r.serviceId === carId && r.slotDate === day);
  return (
    <div
      className={`${card} overflow-x-auto`}
      role="region"
      aria-label={length === 1 ? 'The day by car' : 'The week by car'}
      tabIndex={0}
    >
      <table className={`${length === 1 ? '' : 'min-w-[56rem]'} w-full border-collapse text-sm`}>
        <caption className="sr-only">Rides by car and day, New York time</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 bg-surface p-2 text-left">
              Car
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className="p-2 text-left font-semibold text-brand">
                {formatDayHeading(day).replace(/, \d{4}$/, '')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cars.map((carId) => (
            <tr key={carId} className="border-t border-line align-top">
              <th scope="row" className="sticky left-0 bg-surface p-2 text-left font-semibold">
                {nameOf(carId)}
              </th>
              {days.map((day) => (
                <td key={day} className="p-2">
                  <DayBar
                    day={day}
                    rides={rides.filter((r) => r.serviceId === carId)}
                    blocks={blocks.filter((b) => b.serviceId === carId)}
                  />
                  <ul role="list" className="mt-1.5 space-y-1">
                    {cell(carId, day).map((ride) => (
                      <li key={ride.id}>
                        <Link href={rideHref(ride.id)} className="text-brand underline">
                          {ride.slotTime}
                        </Link>
                        <span className="text-ink-muted"> to {endLabel(ride)}</span>{' '}
                        <span className="text-ink-muted">
                          {firstName(ride.customerName)} · {statusLabel(ride.status)}
                        </span>
                        {ride.bill ? (
                          <span
                            className={
                              ride.bill.status === 'payment_due'
                                ? 'font-semibold text-danger'
                                : 'text-ink-muted'
                            }
                          >
                            {' '}
                            · {billLabel(ride.bill)}
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The ride's end as the board says it: its time, with the date when on another day. */
function endLabel(ride: Ride): string {
  const end = wallClockAt(new Date(ride.endsAt));
  const time = formatSlotTime(end.hour, end.minute);
  const sameDay = `${end.day}_${end.month}_${end.year}` === ride.slotDate;
  return sameDay ? time : `${end.month}/${end.day} ${time}`;
}

const LIVE = new Set<Ride['status']>(['pending_payment', 'paid']);

/**
 * A car's day as a bar over its 24 hours: each live ride's time (dark) and its turnaround (light),
 * and the owner's blocks (hatched), where they fall on this day. Drawn only: the list under it
 * and the Blocks area say the same in words.
 */
function DayBar({
  day,
  rides,
  blocks,
}: {
  day: string;
  rides: readonly Ride[];
  blocks: readonly Block[];
}) {
  const date = parseSlotDateKey(day);
  if (!date) return null;
  const from = midnightOf(date).getTime();
  const until = midnightOf(addDays(date, 1)).getTime();
  const span = until - from;
  const part = (start: number, end: number) => {
    const left = Math.max(start, from);
    const right = Math.min(end, until);
    return right > left
      ? { left: `${((left - from) / span) * 100}%`, width: `${((right - left) / span) * 100}%` }
      : null;
  };
  return (
    <div aria-hidden="true" className="relative h-2.5 rounded-full bg-canvas ring-1 ring-line">
      {blocks.map((block) => {
        const style = part(new Date(block.startsAt).getTime(), new Date(block.endsAt).getTime());
        return style ? (
          <span
            key={block.id}
            className="absolute inset-y-0 bg-[repeating-linear-gradient(45deg,var(--color-ink-muted)_0_2px,transparent_2px_5px)]"
            style={style}
          />
        ) : null;
      })}
      {rides
        .filter((ride) => LIVE.has(ride.status))
        .flatMap((ride) => {
          const start = new Date(ride.slotStart).getTime();
          const end = new Date(ride.endsAt).getTime();
          const free = new Date(ride.occupiedUntil).getTime();
          const ridePart = part(start, end);
          const turnPart = part(end, free);
          return [
            ridePart && (
              <span
                key={`${ride.id}-ride`}
                className="absolute inset-y-0 rounded-full bg-brand"
                style={ridePart}
              />
            ),
            turnPart && (
              <span
                key={`${ride.id}-turn`}
                className="absolute inset-y-0 rounded-full bg-brand/35"
                style={turnPart}
              />
            ),
          ];
        })}
    </div>
  );
}
