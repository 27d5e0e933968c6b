import { useState } from 'react';
import { Link } from 'wouter';
import type { FleetCar } from '@app/shared';
import { formatDollars } from '@app/shared';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { CarPhoto } from './car-photo.tsx';

interface FleetListProps {
  cars: FleetCar[];
  busy: boolean;
  onEdit: (car: FleetCar) => void;
  onRetire: (car: FleetCar) => void;
}

/** Every car: what the site shows of it, and its actions. Retiring asks once more, in place. */
export function FleetList({ cars, busy, onEdit, onRetire }: FleetListProps) {
  const [confirming, setConfirming] = useState<string | undefined>();
  return (
    <ul role="list" className="mt-6 grid gap-4 lg:grid-cols-2">
      {cars.map((car) => {
        const status = car.retiredAt
          ? 'Retired'
          : car.available
            ? 'On the site'
            : 'On the site, not available';
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
                  {car.serviceLevel} · {car.type} · Fees {formatDollars(car.fees)}
                </p>
                <p className="text-sm font-semibold text-ink">{status}</p>
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
  );
}
