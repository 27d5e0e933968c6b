import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, type DbHandle } from '@app/db';
import { isDatabaseUnavailable } from '../db-errors.ts';
import { ADMIN_POSTGRES_URL } from '../test/booking.ts';
import { databaseKinds } from '../test/databases.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { waitFor } from '../test/load.ts';

const POOL_SIZE = 2;

/**
 * The PostgreSQL pool when a connection dies under a transaction (password resets use them).
 * pg then emits 'error' on the checked-out client, which crashes a process without a listener,
 * and drizzle does not release a client whose BEGIN failed: without SelfHealingPool, this file
 * crashes the test run, or the pool runs out of clients for good. Only read-only queries are
 * made, on the server's maintenance database.
 */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'the PostgreSQL pool when connections die under transactions',
  () => {
    let proxy: TcpProxy;
    let handle: DbHandle;
    let admin: pg.Client;

    beforeAll(async () => {
      const direct = new URL(ADMIN_POSTGRES_URL);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const proxied = new URL(ADMIN_POSTGRES_URL);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      handle = await createDb({ url: proxied.toString(), poolSize: POOL_SIZE });
      admin = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await handle?.close();
      await proxy?.close();
      await admin?.end();
    });

    const transaction = () =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      });

    it('keeps a connection whose query got an ordinary error answer', async () => {
      // pg-pool alone destroys it: every 409 "slot just taken" cost a new connection.
      const single = await createDb({ url: ADMIN_POSTGRES_URL, poolSize: 1 });
      try {
        const backend = async () =>
          (await single.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
        const before = (await backend()).rows[0]?.pid;
        await expect(single.db.execute(sql`select 1 / 0`)).rejects.toThrow();
        await expect(single.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
        expect((await backend()).rows[0]?.pid).toBe(before);
        // A session the server ends is not given back: the next query gets a new one.
        await admin.query('select pg_terminate_backend($1)', [before]);
        // The pool hears of it either before the next query (and drops the idle client) or
        // through it (57P01, a FATAL error): either way the query after gets a new session.
        const next = await backend().catch((error: unknown) => {
          expect(isDatabaseUnavailable(error)).toBe(true);
          return backend();
        });
        const after = next.rows[0]?.pid;
        expect(after).toBeDefined();
        expect(after).not.toBe(before);
      } finally {
        await single.close();
      }
    });

    it('gives back a client whose connection died during BEGIN', async () => {
      // More rounds than the pool has clients: each client kept would be lost for good.
      for (let round = 0; round <= POOL_SIZE; round++) {
        await handle.ping();
        proxy.stall();
        const sentAt = proxy.droppedBytes;
        const cut = transaction();
        await waitFor('BEGIN to be sent', () => proxy.droppedBytes > sentAt);
        await proxy.stop(round % 2 ? 'reset' : 'end');
        await expect(cut).rejects.toSatisfy(isDatabaseUnavailable);
        await proxy.start();
      }
      await Promise.all(Array.from({ length: POOL_SIZE * 2 }, transaction));
    });

    it('fails a transaction whose connection dies during a query, and carries on', async () => {
      const marker = `fault_${Math.random().toString(36).slice(2)}`;
      const sleeping = handle.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`select pg_sleep(30) as ${marker}`));
      });
      await waitFor('the query to run', async () => {
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1`,
          [`%as ${marker}`],
        );
        return rows[0]?.n === 1;
      });
      await proxy.stop('end');
      await expect(sleeping).rejects.toSatisfy(isDatabaseUnavailable);
      // The server would sleep on, unaware: end it.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`,
        [`%as ${marker}`],
      );
      await proxy.start();
      await Promise.all(Array.from({ length: POOL_SIZE * 2 }, transaction));
    });

    it('takes a backend ended by the server (57P01) for unavailability, and carries on', async () => {
      const marker = `fault_${Math.random().toString(36).slice(2)}`;
      // drizzle runs a query when it is awaited: start it now, and take its failure at once
      // (it may come while the admin connection is still terminating the backend).
      const failure = Promise.resolve(
        handle.db.execute(sql.raw(`select pg_sleep(30) as ${marker}`)),
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      await waitFor('the query to run', async () => {
        const { rows } = await admin.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
           where state = 'active' and query like $1 and pid <> pg_backend_pid()`,
          [`%as ${marker}`],
        );
        return rows[0]?.n === 1;
      });
      const error = await failure;
      expect(error).toMatchObject({ cause: { code: '57P01' } });
      expect(isDatabaseUnavailable(error)).toBe(true);
      await Promise.all(Array.from({ length: POOL_SIZE * 2 }, transaction));
    });
  },
);

describe('telling unavailability from other database errors', () => {
  it('answers 503 only for the connection, never for a bad query or a conflict', () => {
    const wrapped = (cause: object) => new Error('Failed query: select 1', { cause });
    for (const cause of [
      { code: '08006', message: 'connection failure' },
      { code: '57P03', message: 'the database system is starting up' },
      new AggregateError([Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })], ''),
      new Error('timeout exceeded when trying to connect'),
    ])
      expect(isDatabaseUnavailable(wrapped(cause))).toBe(true);
    for (const cause of [
      { code: '23505', message: 'duplicate key value violates unique constraint' },
      { code: '42601', message: 'syntax error at or near "selct"' },
      new Error('Connection string is wrong'),
    ])
      expect(isDatabaseUnavailable(wrapped(cause))).toBe(false);
  });
});
