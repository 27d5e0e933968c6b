import type { RateKind } from '@app/shared';
import type { services } from './schema.ts';

type ServiceRow = typeof services.$inferSelect;

export type Turnarounds = Record<RateKind, number>;
/** A car's turnaround of each kind of service, in minutes (ADR 018), as its row keeps them. */
type TurnaroundColumns = Pick<
  ServiceRow,
  'rideTurnaroundMinutes' | 'hourlyTurnaroundMinutes' | 'rentalTurnaroundMinutes'
>;

/** A car's turnarounds by kind, from its row. */
export function turnaroundsOf(row: TurnaroundColumns): Turnarounds {
  return {
    ride: row.rideTurnaroundMinutes,
    hourly: row.hourlyTurnaroundMinutes,
    rental: row.rentalTurnaroundMinutes,
  };
}

/** The row's values for a car's turnarounds. */
export function turnaroundColumnsOf(turnarounds: Turnarounds): TurnaroundColumns {
  return {
    rideTurnaroundMinutes: turnarounds.ride,
    hourlyTurnaroundMinutes: turnarounds.hourly,
    rentalTurnaroundMinutes: turnarounds.rental,
  };
}
