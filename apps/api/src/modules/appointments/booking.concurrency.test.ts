import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { users } from '@app/db';
import { listBookableDays, SLOT_TAKEN_MESSAGE } from '@app/shared';
import { buildApp } from '../../app.ts';
import {
  bookingRequest,
  liveAppointmentsOnSlot,
  openPostgresDatabase,
  serviceIdByName,
  type PostgresTestDatabase,
} from '../../test/booking.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds } from '../../test/databases.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { createSession } from '../auth/sessions.ts';
import { TOO_MANY_ADDRESS_HOLDS_MESSAGE, TOO_MANY_HOLDS_MESSAGE } from './book-appointment.ts';

const CUSTOMERS = 50;
// Every customer of these races books from 127.0.0.1: bound the address far above them.
const config = testConfig({ holds: { ...testConfig().holds, perAddress: 1_000_000 } });
const MAX_PENDING_HOLDS_PER_USER = config.holds.perAccount;

interface Customer {
  cookie: string;
  csrf: string;
}

/** PGlite runs one transaction at a time and cannot show a race: PostgreSQL only. */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'booking one slot from 50 customers at once on PostgreSQL',
  () => {
    let database: PostgresTestDatabase;
    let app: FastifyInstance;
    let appUrl: string;
    let teslaS: string;
    const servers: ServerProcess[] = [];
    const tmp = mkdtempSync(join(tmpdir(), 'booking-race-'));
    // Real time: the server processes read the real clock. Two hours apart: a ride and the
    // car's turnaround take an hour and a half.
    const [first, second] = listBookableDays(new Date())
      .slice(2, 3)
      .flatMap((day) =>
        [day.slots[10], day.slots[14]].map((s) => ({
          slotDate: day.key,
          slotTime: s?.label as string,
        })),
      );
    /** Every fourth slot of a day: starts two hours apart, whose stretches never overlap. */
    const apart = (day: { slots: { label: string }[] }) => day.slots.filter((_, i) => i % 4 === 0);

    beforeAll(async () => {
      database = await openPostgresDatabase();
      app = await buildApp({ config, db: database.handle });
      await app.listen({ host: '127.0.0.1', port: 0 });
      appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await app?.close();
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    });

    /** Customers with a session made in the database and a CSRF token from the server. */
    const signedInCustomers = async (baseUrl: string): Promise<Customer[]> => {
      const rows = await database.handle.db
        .insert(users)
        .values(
          Array.from({ length: CUSTOMERS }, (_, i) => ({
            name: `Racer ${i}`,
            email: `racer-${i}-${Math.random().toString(36).slice(2)}@example.com`,
          })),
        )
        .returning({ id: users.id });
      return Promise.all(
        rows.map(async ({ id }) => {
          const token = await createSession(database.handle.db, id, new Date(), config.session);
          const cookie = `sid=${token}`;
          const response = await fetch(`${baseUrl}/api/csrf-token`, { headers: { cookie } });
          const { csrfToken } = (await response.json()) as { csrfToken: string };
          return { cookie, csrf: csrfToken };
        }),
      );
    };

    /** Every customer books the same slot at once; answers the status and message of each. */
    const race = async (
      customers: Customer[],
      baseUrlOf: (i: number) => string,
      slot: { slotDate: string; slotTime: string } | { slotDate: string; slotTime: string }[],
    ) => {
      const bodyOf = (i: number) =>
        JSON.stringify(bookingRequest(teslaS, Array.isArray(slot) ? slot[i] : slot));
      return Promise.all(
        customers.map(async (customer, i) => {
          const response = await fetch(`${baseUrlOf(i)}/api/user/book-appointment`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: customer.cookie,
              'x-csrf-token': customer.csrf,
            },
            body: bodyOf(i),
          });
          const answer = (await response.json()) as { message?: string };
          return { status: response.status, message: answer.message };
        }),
      );
    };

    const expectOneWinner = async (
      answers: { status: number; message: string | undefined }[],
      slot: { slotDate: string; slotTime: string },
    ) => {
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const losers = answers.filter((a) => a.status !== 200);
      expect(losers).toHaveLength(CUSTOMERS - 1);
      for (const loser of losers)
        expect(loser).toEqual({ status: 409, message: SLOT_TAKEN_MESSAGE });
      const live = await liveAppointmentsOnSlot(
        database.handle.db,
        teslaS,
        slot.slotDate,
        slot.slotTime,
      );
      expect(live).toHaveLength(1);
    };

    it('lets exactly one of 50 simultaneous bookings through one server win', async () => {
      if (!first) throw new Error('no slot to race for');
      const customers = await signedInCustomers(appUrl);
      await expectOneWinner(await race(customers, () => appUrl, first), first);
    });

    it('keeps one customer to the hold limit even when they book 10 slots at once', async () => {
      const [customer] = await signedInCustomers(appUrl);
      if (!customer) throw new Error('no customer');
      const day = listBookableDays(new Date())[4];
      if (!day) throw new Error('no day to book');
      const answers = await race(
        Array.from({ length: 10 }, () => customer),
        () => appUrl,
        apart(day)
          .slice(0, 10)
          .map((s) => ({ slotDate: day.key, slotTime: s.label })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_PENDING_HOLDS_PER_USER);
      for (const refused of answers.filter((a) => a.status !== 200))
        expect(refused).toEqual({ status: 429, message: TOO_MANY_HOLDS_MESSAGE });
    });

    it('answers one hold to ten copies of one booking sent at once, with or without a key', async () => {
      const day = listBookableDays(new Date())[5];
      if (!day) throw new Error('no day to book');
      for (const [i, idempotencyKey] of [randomUUID(), undefined].entries()) {
        const [customer] = await signedInCustomers(appUrl);
        if (!customer) throw new Error('no customer');
        const slot = { slotDate: day.key, slotTime: apart(day)[i]?.label as string };
        const answers = await Promise.all(
          Array.from({ length: 10 }, async () => {
            const response = await fetch(`${appUrl}/api/user/book-appointment`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                cookie: customer.cookie,
                'x-csrf-token': customer.csrf,
              },
              body: JSON.stringify(bookingRequest(teslaS, { ...slot, idempotencyKey })),
            });
            return { status: response.status, body: (await response.json()) as unknown };
          }),
        );
        const ids = new Set(
          answers.map((a) => (a.body as { appointmentId?: string }).appointmentId),
        );
        expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
        expect(ids.size).toBe(1);
        const live = await liveAppointmentsOnSlot(
          database.handle.db,
          teslaS,
          slot.slotDate,
          slot.slotTime,
        );
        expect(live.map((a) => a.id)).toEqual([...ids]);
      }
    });

    it('keeps one client address to its hold limit even when ten of its accounts book at once', async () => {
      // Its own address, through a trusted proxy's X-Forwarded-For.
      const { perAddress } = testConfig().holds;
      const proxied = await buildApp({
        config: testConfig({ trustProxy: true }),
        db: database.handle,
      });
      try {
        await proxied.listen({ host: '127.0.0.1', port: 0 });
        const url = `http://127.0.0.1:${(proxied.server.address() as AddressInfo).port}`;
        const customers = (await signedInCustomers(url)).slice(0, 10);
        // A day each, more than 12 hours apart: no booking is another's neighbour, so none has
        // to judge again whether the car can get there (ADR 020); the limit alone refuses.
        const days = listBookableDays(new Date()).slice(6, 16);
        const answers = await Promise.all(
          customers.map(async (customer, i) => {
            const response = await fetch(`${url}/api/user/book-appointment`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                cookie: customer.cookie,
                'x-csrf-token': customer.csrf,
                'x-forwarded-for': '192.0.2.77',
              },
              body: JSON.stringify(
                bookingRequest(teslaS, { slotDate: days[i]?.key, slotTime: '11:00 AM' }),
              ),
            });
            return {
              status: response.status,
              message: ((await response.json()) as { message?: string }).message,
            };
          }),
        );
        expect(answers.filter((a) => a.status === 200)).toHaveLength(perAddress);
        for (const refused of answers.filter((a) => a.status !== 200))
          expect(refused).toEqual({ status: 429, message: TOO_MANY_ADDRESS_HOLDS_MESSAGE });
      } finally {
        await proxied.close();
      }
    });

    it('lets exactly one win across two server processes on one database', async () => {
      if (!second) throw new Error('no slot to race for');
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // The same secret everywhere: a CSRF token from one instance is good on the other.
        SESSION_SECRET: config.sessionSecret,
        WEB_DIST_DIR: join(tmp, 'no-web'),
        MAIL_DIR: join(tmp, 'mail'),
        DATA_DIR: join(tmp, 'data'),
        RATE_LIMIT_PAYMENT_PER_IP: '100000/1m',
        RATE_LIMIT_LOGIN_PER_IP: '100000/1m',
        RATE_LIMIT_SIGNUP_PER_IP: '100000/1m',
        HOLDS_PER_ADDRESS: '1000000',
      };
      servers.push(await startServerProcess(env));
      servers.push(await startServerProcess(env));
      const [one, two] = servers.map((server) => server.baseUrl) as [string, string];

      const customers = await signedInCustomers(one);
      const answers = await race(customers, (i) => (i % 2 === 0 ? one : two), second);
      await expectOneWinner(answers, second);
      // Two processes start, each loading the drive estimate's places: slow on a busy machine.
    }, 60_000);
  },
);
