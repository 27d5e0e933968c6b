import { useId } from 'react';
import type { NumbersPeriod } from '@app/shared';
import { card } from '../../../components/ui/styles.ts';

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const rides = (n: number) => (n === 1 ? '1 ride' : `${n} rides`);
const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * One period's numbers: rides, the money in and out (net of refunds), the busiest cars and
 * hours, and rides by day.
 */
export function PeriodNumbers({ period }: { period: NumbersPeriod }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${card} p-4 sm:p-6`}>
      <h2 id={headingId} className="text-xl font-semibold text-brand">
        {period.title}
        <span className="block text-sm font-normal text-ink-muted">{period.label}</span>
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label="Rides" value={String(period.rides)} />
        <Stat label="Deposits taken" value={money(period.depositsCents)} />
        <Stat
          label="Balances paid"
          value={money(period.balancesCents)}
          detail={counted(period.bills, 'bill')}
        />
        <Stat label="Tips" value={money(period.tipsCents)} />
        <Stat
          label="Refunds"
          value={money(period.refundsCents)}
          detail={counted(period.refunds, 'refund')}
        />
        <Stat label="Net of refunds" value={money(period.netCents)} />
      </dl>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <Ranking
          title="Busiest cars"
          rows={period.busiestCars.map((car) => [car.name, car.rides] as const)}
        />
        <Ranking
          title="Busiest hours"
          rows={period.busiestHours.map((hour) => [hour.label, hour.rides] as const)}
        />
      </div>
      <RidesByDay period={period} />
    </section>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl bg-canvas p-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-brand sm:text-2xl">{value}</dd>
      {detail ? <dd className="text-sm text-ink-muted">{detail}</dd> : null}
    </div>
  );
}

function Ranking({ title, rows }: { title: string; rows: readonly (readonly [string, number])[] }) {
  return (
    <div>
      <h3 className="font-semibold text-ink">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No rides yet.</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm">
          {rows.map(([name, count]) => (
            <li key={name} className="flex justify-between gap-3">
              <span className="text-ink">{name}</span>
              <span className="text-ink-muted">{rides(count)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * Rides by day: bars for the eye (hidden from assistive technology) and the same numbers as a
 * table, which is what a screen reader reads.
 */
function RidesByDay({ period }: { period: NumbersPeriod }) {
  const most = Math.max(1, ...period.days.map((day) => day.rides));
  return (
    <figure className="mt-6">
      <figcaption className="font-semibold text-ink">Rides by day</figcaption>
      <div aria-hidden="true" className="mt-3 flex h-28 items-end gap-0.5 sm:gap-1">
        {period.days.map((day) => (
          <div key={day.date} className="flex h-full min-w-0 flex-1 flex-col justify-end">
            <div
              className="rounded-t bg-brand"
              style={{ height: `${(day.rides / most) * 100}%`, minHeight: day.rides ? 4 : 1 }}
              title={`${day.label}: ${rides(day.rides)}`}
            />
          </div>
        ))}
      </div>
      <details className="mt-3 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-brand underline">
          Rides by day as a table
        </summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">
            Rides by day, {period.title.toLowerCase()} ({period.label})
          </caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 font-semibold">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Rides
              </th>
            </tr>
          </thead>
          <tbody>
            {period.days.map((day) => (
              <tr key={day.date} className="border-t border-line">
                <th scope="row" className="py-1 font-normal">
                  {day.label}
                </th>
                <td className="py-1 text-right">{day.rides}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
