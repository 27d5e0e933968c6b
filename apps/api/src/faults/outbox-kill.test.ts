import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { appointments, outboxMessages, services, users } from '@app/db';
import { messageRecorder } from '../modules/notifications/record-messages.ts';
import { openPostgresDatabase, type PostgresTestDatabase } from '../test/booking.ts';
import { databaseKinds } from '../test/databases.ts';
import { insertAppointment, insertUser } from '../test/fixtures.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';

/** Rides on which the chauffeur has arrived: each with its "On my way" and "Arrived" emails. */
const RIDES = 12;
const TAPS = ['on_my_way', 'arrived'] as const;
const record = messageRecorder({ ownerEmail: 'desk@norfolkrides.example' });

/** Polls until `check` holds or the deadline passes (no fixed sleep: it stops as soon as it can). */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'the outbox under SIGKILL, then two instances on one PostgreSQL',
  { timeout: 240_000 },
  () => {
    let database: PostgresTestDatabase;
    let smtp: TestSmtpServer;
    const servers: ServerProcess[] = [];
    /** Each ride's customer address: the two messages this test writes for the ride. */
    const recipients: string[] = [];

    beforeAll(async () => {
      database = await openPostgresDatabase();
      smtp = await startSmtpServer();
      const db = database.handle.db;
      const [car] = (await db.select({ id: services.id }).from(services).limit(1)) as [
        { id: string },
      ];
      for (let i = 0; i < RIDES; i++) {
        const userId = await insertUser(db);
        const id = await insertAppointment(db, {
          userId,
          serviceId: car.id,
          slotDate: `${(i % 28) + 1}_${i < 28 ? 1 : 2}_2027`,
          slotTime: '9:30 AM',
          status: 'paid',
        });
        await db.transaction(async (tx) => {
          await tx
            .update(appointments)
            .set({ tripStatus: 'arrived' })
            .where(eq(appointments.id, id));
          for (const kind of TAPS) {
            await record(tx, {
              kind,
              appointmentId: id,
              at: new Date(),
              chauffeurFirstName: 'Dana',
              plate: '7ABC123',
              tripUrl: `http://localhost/trip/${id}`,
            });
          }
        });
        const [user] = (await db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, userId))) as [{ email: string }];
        recipients.push(user.email);
      }
    }, 120_000);
    afterAll(async () => {
      smtp?.release();
      await Promise.all(servers.map((server) => server.stop()));
      await smtp?.close();
      await database?.drop();
    });

    const env = () => ({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      MESSAGES_EVERY: '1s',
      // A claim a dead sender leaves behind comes back this long after it was made.
      MESSAGES_LEASE: '4s',
    });

    it('sends each ride’s “On my way” and “Arrived” once, but for the one the provider took as the sender died', async () => {
      const db = database.handle.db;
      const rows = () =>
        db
          .select({ status: outboxMessages.status })
          .from(outboxMessages)
          .where(inArray(outboxMessages.recipient, recipients));

      // The provider reads the first message in full but does not answer yet: the window.
      smtp.hold();
      const first = await startServerProcess(env());
      servers.push(first);
      await until(() => smtp.held() === 1, 'the first message to reach the SMTP server');
      first.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      // The provider accepts what it read; the dead sender never marked the row sent.
      smtp.release();
      await until(() => smtp.received.length === 1, 'the held message to be accepted');
      const window = smtp.received[0]?.to[0] as string;
      expect((await rows()).filter((r) => r.status === 'sent')).toEqual([]);

      // Two instances on the same database take over once the dead one's claims run out.
      servers.push(await startServerProcess(env()), await startServerProcess(env()));
      await until(
        async () => (await rows()).every((r) => r.status === 'sent'),
        'every message to be marked sent',
        60_000,
      );

      // Each message is its customer and its subject ("on the way", "has arrived").
      const messageOf = (mail: { raw: string }, to: string) =>
        `${to} ${/^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? ''}`;
      const times = new Map<string, number>();
      for (const mail of smtp.received)
        for (const to of mail.to)
          times.set(messageOf(mail, to), (times.get(messageOf(mail, to)) ?? 0) + 1);
      // Nothing lost: every ride's customer got both messages, told apart by their subjects.
      expect(new Set(smtp.received.map((mail) => messageOf(mail, '')))).toHaveProperty('size', 2);
      expect(
        recipients.filter(
          (r) => [...times.keys()].filter((k) => k.startsWith(`${r} `)).length !== 2,
        ),
      ).toEqual([]);
      // The only duplicate is the one in the window; every other message went exactly once.
      const windowMessage = messageOf(smtp.received[0] as { raw: string }, window);
      expect([...times].filter(([, n]) => n > 1)).toEqual([[windowMessage, 2]]);
      expect(smtp.received).toHaveLength(RIDES * TAPS.length + 1);
    });
  },
);
