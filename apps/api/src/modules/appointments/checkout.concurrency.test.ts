import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sandboxCheckouts, users } from '@app/db';
import { listBookableDays } from '@app/shared';
import {
  appointmentRow,
  bookingRequest,
  openPostgresDatabase,
  serviceIdByName,
  type PostgresTestDatabase,
} from '../../test/booking.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds } from '../../test/databases.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { createSession } from '../auth/sessions.ts';

const ROUNDS = 20;
const CALLS_PER_ROUND = 10;
const config = testConfig();
const SANDBOX_PAGE = 'http://localhost:3000/api/payments/sandbox';

interface Customer {
  cookie: string;
  csrf: string;
}

/** PGlite runs one transaction at a time and cannot show a race: PostgreSQL only. */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'opening the checkout of one appointment from two server processes at once, on PostgreSQL',
  () => {
    let database: PostgresTestDatabase;
    const servers: ServerProcess[] = [];
    const tmp = mkdtempSync(join(tmpdir(), 'checkout-race-'));
    let teslaS: string;

    beforeAll(async () => {
      database = await openPostgresDatabase();
      teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
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
        // Every customer here books from 127.0.0.1.
        HOLDS_PER_ADDRESS: '1000000',
        // One public address for both, as behind a load balancer: their requests are identical.
        PUBLIC_BASE_URL: 'http://localhost:3000',
      };
      servers.push(await startServerProcess(env), await startServerProcess(env));
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    });

    const signedInCustomer = async (baseUrl: string): Promise<Customer> => {
      const [user] = await database.handle.db
        .insert(users)
        .values({
          name: 'Racer',
          email: `racer-${Math.random().toString(36).slice(2)}@example.com`,
        })
        .returning({ id: users.id });
      const token = await createSession(
        database.handle.db,
        (user as { id: string }).id,
        new Date(),
        config.session,
      );
      const cookie = `sid=${token}`;
      const response = await fetch(`${baseUrl}/api/csrf-token`, { headers: { cookie } });
      const { csrfToken } = (await response.json()) as { csrfToken: string };
      return { cookie, csrf: csrfToken };
    };

    const post = async (baseUrl: string, customer: Customer, path: string, body: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: customer.cookie,
          'x-csrf-token': customer.csrf,
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    it(`opens one checkout per appointment when ${CALLS_PER_ROUND} calls race over two instances, ${ROUNDS} times`, async () => {
      const [one, two] = servers.map((server) => server.baseUrl) as [string, string];
      // Real time: the server processes read the real clock.
      const slots = listBookableDays(new Date())
        .slice(2, 4)
        .flatMap((day) => day.slots.map((s) => ({ slotDate: day.key, slotTime: s.label })))
        // Two hours apart, clear of each other's ride and the car's turnaround.
        .filter((_, i) => i % 4 === 0);
      const failures: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const customer = await signedInCustomer(one);
        const booked = await post(
          one,
          customer,
          '/api/user/book-appointment',
          bookingRequest(teslaS, slots[round]),
        );
        expect(booked.status, JSON.stringify(booked.body)).toBe(200);
        const appointmentId = booked.body.appointmentId as string;

        const answers = await Promise.all(
          Array.from({ length: CALLS_PER_ROUND }, (_, i) =>
            post(i % 2 === 0 ? one : two, customer, '/api/user/create-checkout-session', {
              appointmentId,
            }),
          ),
        );
        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const urls = new Set(answers.map((answer) => answer.body.url as string));
        const opened = await database.handle.db
          .select({ id: sandboxCheckouts.id })
          .from(sandboxCheckouts)
          .where(eq(sandboxCheckouts.appointmentId, appointmentId));
        const linked = (await appointmentRow(database.handle.db, appointmentId)).checkoutSessionId;
        if (urls.size !== 1 || opened.length !== 1 || !urls.has(`${SANDBOX_PAGE}/${linked}`))
          failures.push(
            `round ${round}: ${urls.size} checkout(s) answered, ${opened.length} opened`,
          );
      }
      expect(failures).toEqual([]);
    });
  },
);
