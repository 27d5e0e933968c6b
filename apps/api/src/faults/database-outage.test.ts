import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db-errors.ts';
import { INVALID_LOGIN_MESSAGE } from '../modules/auth/authenticate-user.ts';
import { openPostgresDatabase, type PostgresTestDatabase } from '../test/booking.ts';
import { databaseKinds } from '../test/databases.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import {
  appointmentsById,
  at,
  book,
  distinctSlots,
  makeSessions,
  runLoad,
  serverEnv,
  waitFor,
  withCsrf,
  type BookingAnswer,
  type Customer,
  type Job,
  type Slot,
} from '../test/load.ts';

const ROUNDS = 3;
const JOBS_PER_ROUND = 30;
/** More than the server's pool (20): all of it must be usable again after the outages. */
const BURST = 40;

/**
 * "The database stopped": a TCP proxy stands between the server process and PostgreSQL (the
 * shared server cannot be stopped), and the test cuts it: open connections are reset or closed,
 * new ones refused. Then it accepts again, and the server must recover without a restart.
 */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'the database going away and coming back under a running server',
  () => {
    let database: PostgresTestDatabase;
    let proxy: TcpProxy;
    let server: ServerProcess;
    let customers: Customer[];
    let slots: Slot[];
    let crashed = false;
    const tmp = mkdtempSync(join(tmpdir(), 'fault-outage-'));

    beforeAll(async () => {
      database = await openPostgresDatabase();
      const direct = new URL(database.url);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const proxied = new URL(database.url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      server = await startServerProcess(
        serverEnv(tmp, { DATABASE_URL: proxied.toString(), SEED_DEMO: 'false' }),
      );
      void server.exited.then(() => (crashed = true));
      const db = database.handle.db;
      slots = await distinctSlots(db, 10 + ROUNDS * JOBS_PER_ROUND + BURST);
      customers = await withCsrf(
        server.baseUrl,
        await makeSessions(db, 10 + ROUNDS * JOBS_PER_ROUND + BURST, 'outage'),
      );
    });
    afterAll(async () => {
      await server?.stop();
      await proxy?.close();
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    });

    const get = (path: string, customer?: Customer) =>
      fetch(`${server.baseUrl}${path}`, { headers: customer ? { cookie: customer.cookie } : {} });
    const login = () =>
      fetch(`${server.baseUrl}/api/user/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: at(customers, 0).cookie,
          'x-csrf-token': at(customers, 0).csrf,
        },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
      });
    const expectUnavailable = async (response: Response) => {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({
        success: false,
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    };
    const unavailable: BookingAnswer = {
      kind: 'refused',
      status: 503,
      message: DATABASE_UNAVAILABLE_MESSAGE,
    };
    const isReady = async () => (await get('/api/health/ready')).status === 200;

    it('answers 503 with a clear message while the database is away, and recovers by itself', async () => {
      const [customer, other] = [at(customers, 0), at(customers, 1)];
      expect(await book(server.baseUrl, customer, at(slots, 0))).toMatchObject({ kind: 'booked' });

      await proxy.stop('reset');

      // Alive, not ready.
      expect(await (await get('/api/health')).json()).toEqual({ status: 'ok' });
      const ready = await get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(await ready.json()).toEqual({
        success: false,
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
      // The service list is served from memory for up to a second, then needs the database.
      await waitFor('the service list to need the database', async () => {
        const response = await get('/api/service/list');
        await response.arrayBuffer();
        return response.status !== 200;
      });
      await expectUnavailable(await get('/api/service/list'));
      await expectUnavailable(await login());
      await expectUnavailable(await get('/api/user/appointments', customer));
      expect(await book(server.baseUrl, other, at(slots, 1))).toEqual(unavailable);
      expect(crashed).toBe(false);

      // Back without a restart.
      await proxy.start();
      await waitFor('readiness after the database came back', isReady);
      expect((await get('/api/service/list')).status).toBe(200);
      expect((await get('/api/user/appointments', customer)).status).toBe(200);
      const refused = await login();
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ message: INVALID_LOGIN_MESSAGE });
      expect(await book(server.baseUrl, other, at(slots, 1))).toMatchObject({ kind: 'booked' });
      expect(crashed).toBe(false);
    });

    it('survives the database dropping in the middle of booking loads, and gets its pool back', async () => {
      const booked: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const from = 10 + round * JOBS_PER_ROUND;
        const jobs: Job[] = Array.from({ length: JOBS_PER_ROUND }, (_, i) => ({
          customer: at(customers, from + i),
          slot: at(slots, from + i),
        }));
        let cut: Promise<void> | undefined;
        const { outcomes } = await runLoad(server.baseUrl, jobs, 10, (done) => {
          // Cut while bookings are in flight: closed one round, reset the next.
          if (!cut && done.some((o) => o.answer.kind === 'booked'))
            cut = proxy.stop(round % 2 ? 'end' : 'reset');
          return false;
        });
        await cut;
        // Every request got an answer: a booking, or 503 with the message; never a 500.
        for (const { answer } of outcomes) {
          if (answer.kind === 'booked') booked.push(answer.appointmentId);
          else expect(answer).toEqual(unavailable);
        }
        expect(crashed).toBe(false);
        await proxy.start();
        await waitFor('readiness after the database came back', isReady);
      }
      // What was answered 200 is stored.
      expect(
        (await appointmentsById(database.handle.db, booked)).map((row) => row.id).sort(),
      ).toEqual([...booked].sort());

      // More bookings at once than the pool has connections: all of them go through.
      const from = 10 + ROUNDS * JOBS_PER_ROUND;
      const burst = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          book(server.baseUrl, at(customers, from + i), at(slots, from + i)),
        ),
      );
      for (const answer of burst) expect(answer).toMatchObject({ kind: 'booked' });
      expect(crashed).toBe(false);
    });
  },
);
