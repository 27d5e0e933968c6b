import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { createDb, type DbHandle, type Schema } from './client.ts';
import { seedDemoCatalogue } from './seed.ts';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));
/** Any fixed number; several instances starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 4_021_877;

export interface PrepareOptions {
  /** Fill an empty catalogue with the demo cars. */
  seed: boolean;
  /**
   * PostgreSQL only: migrate (and seed) through this URL, a role that owns the schema, and not
   * through `handle`, whose role then only needs to read and write rows (README, "Database
   * roles"; `DATABASE_MIGRATION_URL`).
   */
  migrationUrl?: string | undefined;
}

/** Applies the committed migrations and, when asked, seeds the demo catalogue. */
export async function prepareDb(handle: DbHandle, options: PrepareOptions): Promise<void> {
  if (handle.kind === 'postgres' && options.migrationUrl) {
    const owner = await createDb({ url: options.migrationUrl, poolSize: 1 });
    try {
      await prepareDb(owner, { seed: options.seed });
    } finally {
      await owner.close();
    }
    return;
  }
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    if (options.seed) await seedDemoCatalogue(handle.db);
    return;
  }
  // Session-level advisory locks need one connection throughout: hold it in a transaction.
  // Drizzle's migrator commits that transaction itself (its own BEGIN and COMMIT on the same
  // connection), which ends the lock with the migrations: the seed takes it again in a
  // transaction of its own, or two instances starting together both find the catalogue empty.
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await migratePostgres(tx as unknown as NodePgDatabase<Schema>, {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  });
  if (!options.seed) return;
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await seedDemoCatalogue(tx);
  });
}
