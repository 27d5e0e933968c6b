import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onCleanup } from './harness.ts';

/** The PostgreSQL server the benchmarks make their databases on. */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A database of the benchmark's own, dropped on cleanup (whatever happens); its URL. */
export async function createBenchDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  onCleanup(async () => {
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    console.log(`dropped database ${name}`);
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
