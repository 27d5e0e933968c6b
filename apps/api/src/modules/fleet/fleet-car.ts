import type { services } from '@app/db';
import type { CarInput, CarModel, FleetCar } from '@app/shared';

export type ServiceRow = typeof services.$inferSelect;

export const CAR_NOT_FOUND_MESSAGE = 'There is no such car.';
export const CAR_RETIRED_MESSAGE = 'This car is retired: it can no longer be changed.';

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (cents: number) => cents / 100;

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
    feesCents: cents(input.fees),
    specialPricePerHourCents: cents(input.specialServicePricePerHour),
    specialPriceOneHourFifteenCents: cents(input.specialServicePriceBetweenOneHourFifteen),
    specialPriceExtraCents: cents(input.specialServicePriceExtra),
    specialPriceFlatRateCents: cents(input.specialServicePriceFlatRate),
    serviceChargePerHourCents: cents(input.serviceChargePerHour),
    rentalDailyCents: cents(input.rentalDailyPrice),
    rentalWeeklyCents: cents(input.rentalWeeklyPrice),
    ...(input.seats === undefined ? {} : { seats: input.seats }),
    ...(input.bags === undefined ? {} : { bags: input.bags }),
  } satisfies Partial<ServiceRow>;
}

/** A row as the console sees it (`FleetCarSchema`): the API's names, money in dollars. */
export function toFleetCar(row: ServiceRow): FleetCar {
  return {
    _id: row.id,
    name: row.name,
    serviceLevel: row.serviceLevel,
    type: row.model as CarModel,
    image: row.image,
    about: row.about,
    address: row.address,
    available: row.available,
    fees: dollars(row.feesCents),
    availableServiceTypes: row.serviceTypes,
    specialServicePricePerHour: dollars(row.specialPricePerHourCents),
    specialServicePriceBetweenOneHourFifteen: dollars(row.specialPriceOneHourFifteenCents),
    specialServicePriceExtra: dollars(row.specialPriceExtraCents),
    specialServicePriceFlatRate: dollars(row.specialPriceFlatRateCents),
    serviceChargePerHour: dollars(row.serviceChargePerHourCents),
    rentalDailyPrice: dollars(row.rentalDailyCents),
    rentalWeeklyPrice: dollars(row.rentalWeeklyCents),
    seats: row.seats,
    bags: row.bags,
    photo: row.photo ?? null,
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

/** What the audit trail keeps of a car: its fields as the console names them, ids aside. */
export function carSnapshot(row: ServiceRow): Record<string, unknown> {
  const fields: Partial<FleetCar> = toFleetCar(row);
  delete fields._id;
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
