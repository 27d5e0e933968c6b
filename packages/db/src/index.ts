export { createDb, type CreateDbOptions, type Database, type DbHandle } from './client.ts';
export { prepareDb } from './migrate.ts';
export {
  bookHold,
  type Appointment,
  type BookHoldOutcome,
  type HoldLimits,
  type HoldNeighbours,
  type NeighbourSeen,
} from './book-hold.ts';
export { stretchesOverlap, stretchIsBlocked } from './blocks.ts';
export { CAR_LOCK_NAMESPACE, lockCar } from './car-lock.ts';
export { preparedStatement } from './prepared.ts';
export { seedDemoCatalogue } from './seed.ts';
export { RATE_COLUMNS, rateColumnsOf, ratesOf, type CarRates, type RateColumns } from './rates.ts';
export { turnaroundColumnsOf, turnaroundsOf, type Turnarounds } from './turnarounds.ts';
export { DEMO_CATALOGUE, type CatalogueEntry } from './catalogue.ts';
export * from './schema.ts';
