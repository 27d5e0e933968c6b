import { useState } from 'react';
import { Link } from 'wouter';
import type { FleetCar } from '@app/shared';
import { depositDollars, formatDollars } from '@app/shared';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { Switch } from '../../../components/ui/switch.tsx';
import { AvailabilityDialog } from './availability-dialog.tsx';
import { CarPhoto } from './car-photo.tsx';

interface FleetListProps {
  cars: FleetCar[];
  busy: boolean;
  onEdit: (car: FleetCar) => void;
  onRetire: (car: FleetCar) => void;
  /** Takes the car off the road or puts it back; answers whether it was done. */
  onSetAvailable: (car: FleetCar, available: boolean) => Promise<boolean>;
}

/**
 * Every car: what the site shows of it (its deposit as the customer pays it), on the road or
 * off it as one switch (asked once more in a dialog that says what happens to its rides), and
 * its actions. Retiring asks once more, in place.
 */
export function FleetList({ cars, busy, onEdit, onRetire, onSetAvailable }: FleetListProps) {
  const [confirming, setConfirming] = useState<string | undefined>();
  const [switching, setSwitching] = useState<FleetCar>();
  return (
    <>
      {switching ? (
        <AvailabilityDialog
          car={switching}
          busy={busy}
          onConfirm={() => onSetAvailable(switching, !switching.available)}
          onClose={() => setSwitching(undefined)}
        />
      ) : null}
      <ul role="list" className="mt-6 grid gap-4 lg:grid-cols-2">
        {cars.map((car) => {
          const status = car.retiredAt
            ? 'Retired'
            : car.available
              ? 'On the road: customers can book it'
              : 'Off the road: customers cannot book it';
          const rides =
            car.ridesAhead === 1 ? '1 upcoming ride' : `${car.ridesAhead} upcoming rides`;
          return (
            <li key={car._id}>
              <article
                aria-labelledby={`car-${car._id}`}
                className={`${card} flex h-full flex-col gap-4 p-4 sm:flex-row ${car.retiredAt ? 'opacity-80' : ''}`}
              >
                <CarPhoto car={car} className="w-full sm:w-40 sm:self-start" />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <h2 id={`car-${car._id}`} className="text-lg font-semibold text-brand">
                    {car.name}
                  </h2>
                  <p className="text-sm text-ink-muted">
                    {car.serviceLevel} · {car.type} · Deposit{' '}
                    {formatDollars(depositDollars(car.fees))}
                  </p>
                  <p className="text-sm font-semibold text-ink">{status}</p>
                  {car.retiredAt ? null : <p className="text-sm text-ink-muted">{rides}</p>}
                  {car.retiredAt ? null : (
                    <Switch
                      checked={car.available}
                      label={`Available for booking: ${car.name}`}
                      disabled={busy}
                      onToggle={() => setSwitching(car)}
                    >
                      Available for booking
                    </Switch>
                  )}
                  {car.retiredAt ? (
                    <Link
                      href={`/audit?serviceId=${car._id}`}
                      className="text-sm font-semibold text-brand underline underline-offset-2"
                    >
                      History of {car.name}
                    </Link>
                  ) : confirming === car._id ? (
                    <div
                      role="group"
                      aria-label={`Retire ${car.name}?`}
                      className="mt-auto space-y-2"
                    >
                      <p className="text-sm text-ink">
                        Retire {car.name} for good? It leaves the site; its rides and history stay.
                      </p>
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() => onRetire(car)}
                          className={`${buttonSecondary} border-danger text-danger`}
                        >
                          Retire {car.name}
                        </button>
                        <button
                          type="button"
                          onClick={() => setConfirming(undefined)}
                          className={buttonSecondary}
                        >
                          Keep it
                        </button>
                      </div>
                    </div>
                  ) : (
                    <div className="mt-auto flex flex-wrap gap-2">
                      <button type="button" onClick={() => onEdit(car)} className={buttonSecondary}>
                        Change<span className="sr-only"> {car.name}</span>
                      </button>
                      <button
                        type="button"
                        onClick={() => setConfirming(car._id)}
                        className={buttonSecondary}
                      >
                        Retire<span className="sr-only"> {car.name}</span>
                      </button>
                    </div>
                  )}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </>
  );
}
