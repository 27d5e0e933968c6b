import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './lock.ts';
import { SelfHealingPool } from './pool.ts';

export type Schema = typeof schema;
/** Both drivers give the same query builder; domain code only ever sees this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** A round trip to the database, for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** `postgres://...` for a PostgreSQL server; unset for embedded PGlite. */
  url?: string | undefined;
  /** PGlite's data directory, or `memory://` for a throwaway database. */
  dataDir?: string;
  /** node-postgres pool size. */
  poolSize?: number;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database. */
export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 20);
  return openPglite(options.dataDir ?? 'memory://');
}

async function openPostgres(url: string, poolSize: number): Promise<DbHandle> {
  const pool = new SelfHealingPool({
    connectionString: url,
    max: poolSize,
    // Without a database a request fails within seconds (503) rather than waiting for good.
    connectionTimeoutMillis: 5000,
    // A server that vanished without closing the connection is noticed, not waited on forever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client that loses its server must not crash the process; the pool drops it and the
  // next query reconnects (checked-out clients: see SelfHealingPool).
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<DbHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory
    ? () => {}
    : acquireDataDirLock(join(dataDir, '..', `${basename(dataDir)}.lock`));
  try {
    // btree_gist: the car's time is an exclusion constraint over a car and a range (ADR 018).
    const client = await PGlite.create(dataDir, { extensions: { btree_gist } });
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

function basename(path: string): string {
  return (
    path
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() || 'data'
  );
}
