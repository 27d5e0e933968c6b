import { useId } from 'react';
import {
  DRIVE_TIMES_DAYS,
  formatMinutes,
  formatNewYorkShort,
  TRAVEL_SETTING_FIELDS,
  type DriveBand,
  type DriveBandTimes,
  type DriveTimesResponse,
} from '@app/shared';
import { card } from '../../../components/ui/styles.ts';
import { TravelSettingsForm } from './travel-settings-form.tsx';

/** Each kind of hour in the owner's words. */
const BAND_NAMES: Record<DriveBand, string> = {
  rush: 'Weekday rush hours',
  day: 'Daytime',
  night: 'Night',
};

const minutes = (value: number | null) => (value === null ? '–' : formatMinutes(Math.round(value)));

/** `20 % longer`, `10 % shorter`, `as estimated`. */
function howFar(ratio: number): string {
  const percent = Math.round((ratio - 1) * 100);
  if (percent === 0) return 'as estimated';
  return percent > 0 ? `${percent} % longer` : `${-percent} % shorter`;
}

function advice(times: DriveBandTimes): string {
  if (times.rides === 0) return 'No measured drives yet.';
  const { key, current, suggested } = times.setting;
  const name = TRAVEL_SETTING_FIELDS[key].label;
  const took = `Drives took ${howFar(times.ratio ?? 1)} than estimated.`;
  if (suggested === null) return `${took} Too few drives to suggest a setting.`;
  if (suggested === current) return `${took} The ${name.toLowerCase()} (${current}) matches them.`;
  return `${took} To match them, change the ${name.toLowerCase()} from ${current} to ${suggested}.`;
}

/**
 * Drive times: the offline estimate held against the chauffeurs' taps (on board to dropped
 * off), by kind of hour, with the value that would have matched; the form of the estimate's
 * numbers (the suggestions a click away); then the latest drives, each with both figures.
 */
export function DriveTimes({
  times,
  now,
  onSaved,
}: {
  times: DriveTimesResponse;
  now: Date;
  /** The numbers were saved: the drives are estimated again with them. */
  onSaved: () => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${card} mt-6 p-4 sm:p-6`}>
      <h2 id={headingId} className="text-xl font-semibold text-brand">
        Drive times
        <span className="block text-sm font-normal text-ink-muted">
          The estimate against the real drive, from “Passenger on board” to “Dropped off”, over the
          last {DRIVE_TIMES_DAYS} days.
        </span>
      </h2>
      <ul className="mt-4 grid gap-3 lg:grid-cols-3">
        {times.bands.map((band) => (
          <li key={band.band} className="rounded-xl bg-canvas p-3">
            <h3 className="font-semibold text-ink">{BAND_NAMES[band.band]}</h3>
            <p className="text-sm text-ink-muted">
              {band.rides === 1 ? '1 drive' : `${band.rides} drives`}
              {band.rides > 0
                ? `: typically ${minutes(band.realMinutes)} against ${minutes(band.estimatedMinutes)} estimated`
                : ''}
            </p>
            <p className="mt-2 text-sm text-ink">{advice(band)}</p>
          </li>
        ))}
      </ul>
      <TravelSettingsForm settings={times.settings} bands={times.bands} onSaved={onSaved} />
      {times.unplaced > 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          {times.unplaced === 1
            ? '1 drive is left out: the estimate could not place its addresses.'
            : `${times.unplaced} drives are left out: the estimate could not place their addresses.`}
        </p>
      ) : null}
      {times.recent.length > 0 ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="text-left font-semibold text-ink">Latest drives</caption>
            <thead className="text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  On board
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  From and to
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Estimated
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Real
                </th>
              </tr>
            </thead>
            <tbody>
              {times.recent.map((ride) => (
                <tr key={ride.id} className="border-t border-brand/10 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {formatNewYorkShort(new Date(ride.onBoardAt), now)}
                    <span className="block text-ink-muted">{ride.carName}</span>
                  </td>
                  <td className="py-2 pr-3">
                    {ride.pickupAddress}
                    <span className="block text-ink-muted">to {ride.dropoffAddress}</span>
                  </td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                    {formatMinutes(ride.estimatedMinutes)}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap tabular-nums">
                    {formatMinutes(ride.realMinutes)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
