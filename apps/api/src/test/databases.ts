import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, prepareDb, type DbHandle } from '@app/db';

/**
 * Every API test file runs against embedded PGlite and again against the local PostgreSQL
 * server. Each file makes its own database and drops it afterwards.
 */
export type DatabaseKind = 'pglite' | 'postgres';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let postgresReachable: Promise<boolean> | undefined;

async function isPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The kinds to run. PostgreSQL is skipped on a machine without a server, except in CI, where
 * its absence is a failure rather than a quiet skip.
 */
export async function databaseKinds(): Promise<DatabaseKind[]> {
  postgresReachable ??= isPostgresReachable();
  if (await postgresReachable) return ['pglite', 'postgres'];
  if (process.env.CI === 'true') {
    throw new Error(`CI needs PostgreSQL at ${ADMIN_URL} (set TEST_POSTGRES_URL to change it)`);
  }
  console.warn(`PostgreSQL not reachable at ${ADMIN_URL}: API tests run on PGlite only`);
  return ['pglite'];
}

export interface TestDatabase {
  handle: DbHandle;
  /** Closes the handle and drops the database. */
  drop(): Promise<void>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A migrated database of its own, seeded with the demo catalogue unless told otherwise. */
export async function openTestDatabase(
  kind: DatabaseKind,
  options: { seed?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await createDb({ dataDir: 'memory://' });
    await prepareDb(handle, { seed: options.seed ?? true });
    return { handle, drop: () => handle.close() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), poolSize: 10 });
  try {
    await prepareDb(handle, { seed: options.seed ?? true });
  } catch (error) {
    await handle.close();
    await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    throw error;
  }
  return {
    handle,
    drop: async () => {
      await handle.close();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
