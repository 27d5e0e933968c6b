import { and, count, eq, gte, inArray } from 'drizzle-orm';
import {
  appointments,
  rateColumnsOf,
  ratesOf,
  turnaroundColumnsOf,
  turnaroundsOf,
  services,
  users,
  type Database,
} from '@app/db';
import {
  DEFAULT_CHAUFFEUR_MESSAGE,
  STAFF_ROLES,
  type CarInput,
  type CarMake,
  type FleetCar,
} from '@app/shared';
import { AppError } from '../../errors.ts';

export type ServiceRow = typeof services.$inferSelect;

export const CAR_NOT_FOUND_MESSAGE = 'There is no such car.';
export const CAR_RETIRED_MESSAGE = 'This car is retired: it can no longer be changed.';

/** The car, if it exists and is on the site (locked for the transaction when asked). */
export async function carToChange(
  db: Database,
  serviceId: string,
  lock = false,
): Promise<ServiceRow> {
  const query = db.select().from(services).where(eq(services.id, serviceId));
  const [car] = lock ? await query.for('update') : await query;
  if (!car) throw AppError.notFound(CAR_NOT_FOUND_MESSAGE);
  if (car.retiredAt) throw AppError.conflict(CAR_RETIRED_MESSAGE);
  return car;
}

/**
 * Refuses a default chauffeur who may not drive (a customer, an unknown account): the car's
 * form chooses from the drivers the board lists.
 */
export async function assertMayDrive(db: Database, input: CarInput): Promise<void> {
  const id = input.defaultChauffeurId;
  if (!id) return;
  const [driver] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES])))
    .for('key share');
  if (!driver) throw AppError.badRequest(DEFAULT_CHAUFFEUR_MESSAGE);
}

/** A car's row values from the console's form: money in cents, the make as `model`. */
export function carColumns(input: CarInput) {
  return {
    name: input.name,
    serviceLevel: input.serviceLevel,
    model: input.type,
    about: input.about,
    address: input.address,
    available: input.available,
    serviceTypes: input.availableServiceTypes,
    ...rateColumnsOf(input),
    ...(input.seats === undefined ? {} : { seats: input.seats }),
    ...(input.bags === undefined ? {} : { bags: input.bags }),
    ...(input.plate === undefined ? {} : { plate: input.plate }),
    ...(input.defaultChauffeurId === undefined
      ? {}
      : { defaultChauffeurId: input.defaultChauffeurId }),
    ...(input.turnaroundMinutes === undefined ? {} : turnaroundColumnsOf(input.turnaroundMinutes)),
  } satisfies Partial<ServiceRow>;
}

/**
 * A row as the console sees it (`FleetCarSchema`): the API's names, money in dollars, and its
 * rides still to come (`ridesAheadOf`).
 */
export function toFleetCar(row: ServiceRow, ridesAhead: number): FleetCar {
  // `fees` stands apart from the other rates, where the console's JSON has always had it.
  const { fees, ...rates } = ratesOf(row);
  return {
    _id: row.id,
    name: row.name,
    serviceLevel: row.serviceLevel,
    type: row.model as CarMake,
    image: row.image,
    about: row.about,
    address: row.address,
    available: row.available,
    fees,
    availableServiceTypes: row.serviceTypes,
    ...rates,
    seats: row.seats,
    bags: row.bags,
    turnaroundMinutes: turnaroundsOf(row),
    photo: row.photo ?? null,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    ridesAhead,
    plate: row.plate,
    defaultChauffeurId: row.defaultChauffeurId,
  };
}

/** How many rides each car has still to come (paid, or held for payment), by car id. */
export async function ridesAheadOf(
  db: Database,
  now: Date,
  serviceId?: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ serviceId: appointments.serviceId, n: count() })
    .from(appointments)
    .where(
      and(
        serviceId ? eq(appointments.serviceId, serviceId) : undefined,
        gte(appointments.slotStart, now),
        inArray(appointments.status, ['paid', 'pending_payment']),
      ),
    )
    .groupBy(appointments.serviceId);
  return new Map(rows.map((row) => [row.serviceId, row.n]));
}

/** What the audit trail keeps of a car: its fields as the console names them, ids aside. */
export function carSnapshot(row: ServiceRow): Record<string, unknown> {
  const fields: Partial<FleetCar> = toFleetCar(row, 0);
  delete fields._id;
  delete fields.ridesAhead;
  return fields;
}

/** The fields whose values differ, before and after (the audit trail of an update). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}
