import { Link } from 'wouter';
import type { Ride, Service } from '@app/shared';
import { card } from '../../../components/ui/styles.ts';
import { addDaysIso, formatDayHeading, slotKeyOfIso, statusLabel } from '../utils/ride-view.ts';

/**
 * Seven days from `from` across the cars: a table with a row per car and a column per day, each
 * cell the car's rides that day. It scrolls sideways on a phone (the region takes focus, so a
 * keyboard can scroll it too).
 */
export function WeekGrid({
  from,
  rides,
  services,
  rideHref,
}: {
  from: string;
  rides: readonly Ride[];
  services: readonly Service[];
  rideHref: (id: string) => string;
}) {
  const days = Array.from({ length: 7 }, (_, i) => slotKeyOfIso(addDaysIso(from, i)));
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
      aria-label="The week by car"
      tabIndex={0}
    >
      <table className="min-w-[56rem] w-full border-collapse text-sm">
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
                  <ul role="list" className="space-y-1">
                    {cell(carId, day).map((ride) => (
                      <li key={ride.id}>
                        <Link href={rideHref(ride.id)} className="text-brand underline">
                          {ride.slotTime}
                        </Link>{' '}
                        <span className="text-ink-muted">
                          {ride.customerName.split(' ')[0]} · {statusLabel(ride.status)}
                        </span>
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
