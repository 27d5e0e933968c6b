import { count } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DEMO_CATALOGUE, type CatalogueEntry } from './catalogue.ts';
import { rateColumnsOf } from './rates.ts';
import { services } from './schema.ts';
import type { Schema } from './client.ts';

export function serviceRowOf(
  entry: CatalogueEntry,
  position: number,
): typeof services.$inferInsert {
  return {
    position,
    name: entry.name,
    serviceLevel: entry.serviceLevel,
    model: entry.type,
    image: entry.image,
    about: entry.about,
    address: entry.address,
    available: entry.available,
    serviceTypes: [...entry.availableServiceTypes],
    ...rateColumnsOf(entry),
    seats: entry.seats,
    bags: entry.bags,
  };
}

/** Seeds the demo cars into an empty catalogue; a catalogue with any car is left alone. */
export async function seedDemoCatalogue(db: PgDatabase<PgQueryResultHKT, Schema>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(services);
  if ((row?.n ?? 0) > 0) return 0;
  await db.insert(services).values(DEMO_CATALOGUE.map((entry, i) => serviceRowOf(entry, i + 1)));
  return DEMO_CATALOGUE.length;
}
