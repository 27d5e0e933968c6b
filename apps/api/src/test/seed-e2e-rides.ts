/**
 * The browser tests' rides the booking API cannot make (e2e/playwright.config.ts runs this once,
 * like `npm run owner -- add`, on the server's data directory before the server opens it):
 * a paid ride today at midnight in New York, its pickup time passed (the console's Today puts it
 * first), and a completed ride a month ago (found by its booking reference on every day).
 * For the reviews spec, each project's customer with a password and a ride completed last week
 * (`reviewers`: one review per ride, so one ride per project). For the bill's spec, a paid ride
 * of six weeks ago per browser project, its customer able to sign in (the owner marks it
 * completed, which drafts its bill). For the board's bills, per project, a completed ride of
 * fifty days ago whose bill is a draft and one whose balance is due by payment link (`owed`).
 * Prints `{ today, lastMonth, reviewers, billed, owed }`, each ride `{ id, customerName,
 * carName, slotTime }`, `reviewers` and `billed` by project name with the customer's `email`
 * and `password` too, `owed` by project name with its `draft` and `due` rides and `dueCents`.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appointments, billCharges, bills, createDb, prepareDb, services, users } from '@app/db';
import { businessToday, addDays } from '@app/shared';
import { loadConfig } from '../config/env.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertAppointment, insertUser } from './fixtures.ts';

/** The bill spec's customers' password (test data only). */
const BILLED_PASSWORD = 'Bill#Pass123';

const CAR = 'Toyota Camry';
const REVIEWER_PASSWORD = 'Review#Ride2026';

const config = loadConfig();
const handle = await createDb({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
try {
  // The catalogue the server itself would seed at its first start.
  await prepareDb(handle, { seed: true, migrationUrl: config.databaseMigrationUrl });
  const db = handle.db;
  const [car] = await db.select({ id: services.id }).from(services).where(eq(services.name, CAR));
  if (!car) throw new Error(`no car named ${CAR}`);
  const today = businessToday(new Date());
  const key = (day: { year: number; month: number; day: number }) =>
    `${day.day}_${day.month}_${day.year}`;
  const ride = async (
    customerName: string,
    slotDate: string,
    slotTime: string,
    status: 'paid' | 'completed',
  ) => {
    const userId = await insertUser(db, customerName);
    const id = await insertAppointment(db, {
      userId,
      serviceId: car.id,
      slotDate,
      slotTime,
      status,
    });
    return { id, customerName, carName: CAR, slotTime };
  };
  /** A customer who can sign in, with a ride of last week, completed. */
  const reviewer = async (project: string, daysAgo: number) => {
    const seededRide = await ride(
      `Rhea ${project === 'desktop' ? 'Deskrater' : 'Mobirater'}`,
      key(addDays(today, -daysAgo)),
      '10:00 AM',
      'completed',
    );
    const email = `reviewer-${project}@e2e.example.com`;
    const [row] = await db
      .select({ userId: appointments.userId })
      .from(appointments)
      .where(eq(appointments.id, seededRide.id));
    await db
      .update(users)
      .set({
        email,
        passwordHash: await hashPassword(REVIEWER_PASSWORD),
        emailVerifiedAt: new Date(),
      })
      .where(eq(users.id, row?.userId as string));
    return { ...seededRide, email, password: REVIEWER_PASSWORD };
  };

  /** A paid ride six weeks ago (out of the Numbers' week and month), priced, for a bill. */
  const billed = async (project: string, slotTime: string) => {
    const customer = await ride(`Bea Bill${project}`, key(addDays(today, -42)), slotTime, 'paid');
    const [row] = await db
      .select({ userId: appointments.userId })
      .from(appointments)
      .where(eq(appointments.id, customer.id));
    const email = `billed-${project.toLowerCase()}-${Date.now()}@example.com`;
    await db
      .update(users)
      .set({
        email,
        passwordHash: await hashPassword(BILLED_PASSWORD),
        emailVerifiedAt: new Date(),
      })
      .where(eq(users.id, row?.userId ?? ''));
    // A half-hour ride priced at $120, $50 of it paid to book.
    await db
      .update(appointments)
      .set({ priceCents: 12_000, amountCents: 5_000 })
      .where(eq(appointments.id, customer.id));
    return { ...customer, email, password: BILLED_PASSWORD };
  };
  /**
   * A ride of fifty days ago (out of the Numbers' week and month), completed, its bill a draft,
   * and one whose bill the bank refused: $120 and a $50 deposit, a $14 tip, the link sent.
   */
  const owed = async (project: string, times: [string, string]) => {
    const day = key(addDays(today, -50));
    const now = new Date();
    const lines = [{ kind: 'ride' as const, label: 'Ride, 30 min as booked', amountCents: 12_000 }];
    const bill = { lines, totalCents: 12_000, depositCents: 5_000, draftedAt: now, updatedAt: now };
    const draft = await ride(`Dora Draft${project}`, day, times[0], 'completed');
    await db.insert(bills).values({ appointmentId: draft.id, status: 'draft', ...bill });
    const due = await ride(`Otto Owing${project}`, day, times[1], 'completed');
    await db.insert(bills).values({
      appointmentId: due.id,
      status: 'payment_due',
      ...bill,
      tipCents: 1_400,
      tipChoice: 'other',
      sentAt: now,
    });
    const chargeId = randomUUID();
    await db.insert(billCharges).values({
      id: chargeId,
      appointmentId: due.id,
      amountCents: 8_400,
      tipCents: 1_400,
      status: 'declined',
      idempotencyKey: `bill-charge-${chargeId}`,
      declineCode: 'insufficient_funds',
      linkUrl: `https://checkout.example.com/bill-link-${chargeId}`,
      attempts: 1,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return { draft, due, dueCents: 8_400 };
  };
  const seeded = {
    today: await ride('Tess Firstpickup', key(today), '12:00 AM', 'paid'),
    lastMonth: await ride('Lorna Lastmonth', key(addDays(today, -31)), '10:00 AM', 'completed'),
    reviewers: { desktop: await reviewer('desktop', 7), mobile: await reviewer('mobile', 8) },
    billed: {
      desktop: await billed('Desktop', '10:00 AM'),
      mobile: await billed('Mobile', '2:00 PM'),
    },
    owed: {
      desktop: await owed('Desktop', ['9:00 AM', '9:30 AM']),
      mobile: await owed('Mobile', ['1:00 PM', '1:30 PM']),
    },
  };
  console.log(JSON.stringify(seeded));
} finally {
  await handle.close();
}
