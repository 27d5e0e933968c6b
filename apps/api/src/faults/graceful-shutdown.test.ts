import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase, type PostgresTestDatabase } from '../test/booking.ts';
import { databaseKinds } from '../test/databases.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import {
  appointmentsById,
  at,
  BOOK_PATH,
  bookingCall,
  distinctSlots,
  makeSessions,
  serverEnv,
  waitFor,
  withCsrf,
  type Customer,
  type Slot,
} from '../test/load.ts';
import { connectionRefused, slowRequest, type SlowRequest } from '../test/slow-client.ts';

const IN_FLIGHT = 10;

/**
 * SIGTERM while requests are in flight. A request is held in flight by a real slow client: it
 * sends its head, is told `100 Continue`, and sends its body only once the test says so.
 */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'a server stopping with SIGTERM while requests are in flight',
  () => {
    let database: PostgresTestDatabase;
    const servers: ServerProcess[] = [];
    const tmp = mkdtempSync(join(tmpdir(), 'fault-shutdown-'));
    let env: Record<string, string>;

    beforeAll(async () => {
      database = await openPostgresDatabase();
      env = serverEnv(tmp, { DATABASE_URL: database.url, SEED_DEMO: 'false' });
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    });

    const start = async () => {
      const server = await startServerProcess(env);
      servers.push(server);
      return server;
    };
    const slowBooking = (server: ServerProcess, customer: Customer, slot: Slot): SlowRequest =>
      slowRequest(server.port, { method: 'POST', path: BOOK_PATH, ...bookingCall(customer, slot) });

    it('finishes every request in flight, refuses new connections and exits 0', async () => {
      const server = await start();
      const db = database.handle.db;
      const customers = await withCsrf(server.baseUrl, await makeSessions(db, IN_FLIGHT, 'term'));
      const slots = await distinctSlots(db, IN_FLIGHT);
      // A keep-alive connection with nothing in flight: it must not hold the shutdown up.
      const idle = slowRequest(server.port, {
        method: 'GET',
        path: '/api/health',
        headers: {},
        body: '',
      });
      idle.finish();
      expect((await idle.response).status).toBe(200);

      const inFlight = customers.map((customer, i) => slowBooking(server, customer, at(slots, i)));
      await Promise.all(inFlight.map((request) => request.started));

      server.kill('SIGTERM');
      await waitFor('new connections to be refused', () => connectionRefused(server.port));
      await idle.closed;

      // The uploads complete after shutdown began: each booking is made and answered.
      for (const request of inFlight) request.finish();
      const answers = await Promise.all(inFlight.map((request) => request.response));
      const ids = answers.map((answer) => {
        expect(answer.status).toBe(200);
        // The connection closes with the answer rather than waiting as keep-alive.
        expect(answer.headers.connection).toBe('close');
        const body = JSON.parse(answer.body) as { success: boolean; appointmentId: string };
        expect(body.success).toBe(true);
        return body.appointmentId;
      });
      await Promise.all(inFlight.map((request) => request.closed));
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect((await appointmentsById(db, ids)).map((row) => row.status)).toEqual(
        ids.map(() => 'pending_payment'),
      );
    });

    it('does not let a request that never finishes keep the process past its grace period', async () => {
      const server = await start();
      const customers = await withCsrf(
        server.baseUrl,
        await makeSessions(database.handle.db, 1, 'stuck'),
      );
      const slots = await distinctSlots(database.handle.db, IN_FLIGHT + 1);
      const stuck = slowBooking(server, at(customers, 0), at(slots, IN_FLIGHT));
      await stuck.started;

      server.kill('SIGTERM');
      // The grace period (8 s) passes; the process exits, reporting the cut, and the stuck
      // connection is closed without an answer.
      expect(await server.exited).toEqual({ code: 1, signal: null });
      await stuck.closed;
      await expect(stuck.response).rejects.toThrow(/without an answer/);
    }, 30_000);
  },
);
