export { createDb, type CreateDbOptions, type Database, type DbHandle } from './client.ts';
export { prepareDb } from './migrate.ts';
export { bookHold, type Appointment, type BookHoldOutcome, type HoldLimits } from './book-hold.ts';
export { blockCovers, slotIsBlocked } from './blocks.ts';
export { preparedStatement } from './prepared.ts';
export { seedDemoCatalogue } from './seed.ts';
export { DEMO_CATALOGUE, type CatalogueEntry } from './catalogue.ts';
export * from './schema.ts';
