import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointments } from '@app/db';
import type { FastifyInstance } from 'fastify';
import { MESSAGES, NOTES_TOO_LONG_MESSAGE, SLOT_TAKEN_MESSAGE } from '@app/shared';
import { buildApp } from '../../app.ts';
import { CSRF_FAILED_MESSAGE } from '../../plugins/csrf.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  liveAppointmentsOnSlot,
  serviceIdByName,
  signedInBrowser,
  slotsBookedOf,
} from '../../test/booking.ts';
import { HOUR, MINUTE } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import {
  BOOKING_KEY_REUSED_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
  SLOT_NOT_BOOKABLE_MESSAGE,
  TOO_MANY_ADDRESS_HOLDS_MESSAGE,
  TOO_MANY_HOLDS_MESSAGE,
} from './book-appointment.ts';
import { requestRefund } from '../payments/refunds.ts';
import { releaseExpiredHolds } from './release-expired-holds.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const BOOK = '/api/user/book-appointment';
const MAX_PENDING_HOLDS_PER_USER = testConfig().holds.perAccount;
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe.each(await databaseKinds())('POST /api/user/book-appointment on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let teslaS: string; // three service types, deposit $66
  let hondaAccord: string; // one service type
  let tahoe: string; // not available
  let camry: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // A long list cache: a booking must show at once because it invalidates the cache.
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      now: () => NOW,
      serviceListMaxAgeMs: 10 * MINUTE,
    });
    const db = database.handle.db;
    [teslaS, hondaAccord, tahoe, camry] = await Promise.all([
      serviceIdByName(db, 'Tesla Model S'),
      serviceIdByName(db, 'Honda Accord'),
      serviceIdByName(db, 'Chevrolet Tahoe'),
      serviceIdByName(db, 'Toyota Camry'),
    ]);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const customer = async () => (await signedInBrowser(app, database.handle.db, NOW)).browser;
  const refused = async (body: Record<string, unknown>, status: number, message?: string) => {
    const response = await (await customer()).post(BOOK, body);
    expectFailure(response, status, message);
  };

  describe('who may book', () => {
    it('refuses a visitor who is not signed in with 401', async () => {
      const visitor = new Browser(app);
      const response = await visitor.post(BOOK, bookingRequest(teslaS, { slotTime: '6:00 AM' }));
      expectFailure(response, 401, NOT_SIGNED_IN_MESSAGE);
    });

    it('refuses a signed-in customer without the CSRF token with 403', async () => {
      const browser = await customer();
      const response = await browser.post(BOOK, bookingRequest(teslaS, { slotTime: '6:00 AM' }), {
        csrf: false,
      });
      expectFailure(response, 403, CSRF_FAILED_MESSAGE);
    });
  });

  describe('the car and its service type', () => {
    it('answers 404 for an unknown service', async () => {
      await refused(
        bookingRequest('00000000-0000-4000-8000-000000000000'),
        404,
        'Service not found',
      );
    });

    it('answers 409 for a car that is not available', async () => {
      await refused(
        bookingRequest(tahoe, { selectedServiceType: 'Hourly Chauffeur' }),
        409,
        SERVICE_UNAVAILABLE_MESSAGE,
      );
    });

    it('needs a choice of type on a car that offers several', async () => {
      await refused(
        bookingRequest(teslaS, { selectedServiceType: '' }),
        400,
        MESSAGES.selectServiceType,
      );
    });

    it('refuses a type the car does not offer', async () => {
      await refused(
        bookingRequest(teslaS, { selectedServiceType: 'Car Rental' }),
        400,
        MESSAGES.selectServiceType,
      );
    });

    it('accepts no choice on a car with one type and records that type', async () => {
      const id = await bookOk(
        await customer(),
        bookingRequest(hondaAccord, { selectedServiceType: '', slotTime: '7:00 AM' }),
      );
      expect((await appointmentRow(database.handle.db, id)).serviceType).toBe(
        'Point-to-Point Ride',
      );
    });
  });

  describe('the slot', () => {
    it('refuses a time off the half-hour grid', async () => {
      await refused(bookingRequest(teslaS, { slotTime: '9:15 AM' }), 400, MESSAGES.selectDateTime);
    });

    it('refuses a day that has passed', async () => {
      await refused(
        bookingRequest(teslaS, { slotDate: '21_11_2026' }),
        400,
        SLOT_NOT_BOOKABLE_MESSAGE,
      );
    });

    it('refuses a time today before the next half hour, and accepts the next half hour', async () => {
      await refused(
        bookingRequest(teslaS, { slotDate: '22_11_2026', slotTime: '10:00 AM' }),
        400,
        SLOT_NOT_BOOKABLE_MESSAGE,
      );
      await bookOk(
        await customer(),
        bookingRequest(teslaS, { slotDate: '22_11_2026', slotTime: '10:30 AM' }),
      );
    });

    it('accepts the last slot of day 90 and refuses the first slot of day 91', async () => {
      await bookOk(
        await customer(),
        bookingRequest(teslaS, { slotDate: '19_2_2027', slotTime: '11:30 PM' }),
      );
      await refused(
        bookingRequest(teslaS, { slotDate: '20_2_2027', slotTime: '12:00 AM' }),
        400,
        SLOT_NOT_BOOKABLE_MESSAGE,
      );
    });

    it('refuses a time that does not exist on the spring-forward day', async () => {
      const march = new Date('2027-03-01T15:00:00Z');
      const inMarch = await buildApp({
        config: testConfig(),
        db: database.handle,
        now: () => march,
      });
      try {
        const { browser } = await signedInBrowser(inMarch, database.handle.db, march);
        for (const slotTime of ['2:00 AM', '2:30 AM']) {
          const response = await browser.post(
            BOOK,
            bookingRequest(teslaS, { slotDate: '14_3_2027', slotTime }),
          );
          expectFailure(response, 400, SLOT_NOT_BOOKABLE_MESSAGE);
        }
        const id = await bookOk(
          browser,
          bookingRequest(teslaS, { slotDate: '14_3_2027', slotTime: '3:00 AM' }),
        );
        // 3:00 AM EDT is 7:00 UTC; 1:30 AM EST (just before the gap) would be 6:30 UTC.
        expect((await appointmentRow(database.handle.db, id)).slotStart.toISOString()).toBe(
          '2027-03-14T07:00:00.000Z',
        );
      } finally {
        await inMarch.close();
      }
    });
  });

  describe('the ride details', () => {
    it('refuses an invalid phone number with the product’s message', async () => {
      // 555-0142: seven digits, let through before; the rule wants ten (docs/product.md, "The car page").
      for (const phone of ['12345', 'call me', '', '555-0142', '+15550142']) {
        await refused(bookingRequest(teslaS, { phone }), 400, MESSAGES.invalidPhone);
      }
    });

    it('needs the pickup and drop-off addresses', async () => {
      await refused(
        bookingRequest(teslaS, { pickupAddress: '   ' }),
        400,
        'Please enter the pickup address.',
      );
      await refused(
        bookingRequest(teslaS, { dropoffAddress: '' }),
        400,
        'Please enter the drop-off address.',
      );
    });

    it('refuses notes of 51 words', async () => {
      await refused(
        bookingRequest(teslaS, { pickupNotes: words(51) }),
        400,
        'Notes must be at most 50 words.',
      );
    });

    it('counts words, not characters, and refuses an absurd length with its own message', async () => {
      const longWords = Array.from({ length: 50 }, (_, i) => `w${i}${'x'.repeat(28)}`).join(' ');
      const id = await bookOk(
        await customer(),
        bookingRequest(teslaS, { pickupNotes: longWords, slotTime: '4:30 AM' }),
      );
      expect((await appointmentRow(database.handle.db, id)).pickupNotes).toBe(longWords);
      await refused(
        bookingRequest(teslaS, { pickupNotes: 'x'.repeat(2001) }),
        400,
        NOTES_TOO_LONG_MESSAGE,
      );
    });

    it('accepts notes of exactly 50 words', async () => {
      const id = await bookOk(
        await customer(),
        bookingRequest(teslaS, { pickupNotes: words(50), slotTime: '8:00 AM' }),
      );
      expect((await appointmentRow(database.handle.db, id)).pickupNotes).toBe(words(50));
    });

    it('refuses return-ride details without a return ride', async () => {
      for (const needsReturnRide of [false, null]) {
        await refused(
          bookingRequest(teslaS, { needsReturnRide, returnPickupAddress: '2 Elm Street' }),
          400,
          'Return ride details are only needed for a return ride.',
        );
      }
    });

    it('keeps the return ride details when a return ride is asked for', async () => {
      const id = await bookOk(
        await customer(),
        bookingRequest(teslaS, {
          slotTime: '1:00 PM',
          needsReturnRide: true,
          returnPickupAddress: 'Logan Airport, Boston, MA',
          returnDropoffAddress: '1 Main Street, Norfolk, MA',
          returnPickupNotes: 'Terminal B',
        }),
      );
      expect(await appointmentRow(database.handle.db, id)).toMatchObject({
        needsReturnRide: true,
        returnPickupAddress: 'Logan Airport, Boston, MA',
        returnDropoffAddress: '1 Main Street, Norfolk, MA',
        returnPickupNotes: 'Terminal B',
      });
    });
  });

  describe('the price and the hold', () => {
    it('charges (fees + 1) x 100 cents whatever the body says', async () => {
      const id = await bookOk(
        await customer(),
        bookingRequest(teslaS, {
          slotTime: '11:00 AM',
          amount: 1,
          amountCents: 1,
          fees: 0,
          status: 'paid',
        }),
      );
      const row = await appointmentRow(database.handle.db, id);
      expect(row.amountCents).toBe((65 + 1) * 100);
      expect(row.status).toBe('pending_payment');
      expect(row.paidAt).toBeNull();
    });

    it('shows the booked slot in the service list at once', async () => {
      expect(await slotsBookedOf(app, camry, '24_11_2026')).toEqual([]);
      await bookOk(
        await customer(),
        bookingRequest(camry, { slotDate: '24_11_2026', slotTime: '2:00 PM' }),
      );
      // A ride keeps the car an hour and its turnaround half an hour: 2:00 to 3:30 PM.
      expect(await slotsBookedOf(app, camry, '24_11_2026')).toEqual([
        '2:00 PM',
        '2:30 PM',
        '3:00 PM',
      ]);
    });

    it('refuses a second booking of the same car and slot with 409', async () => {
      const slot = { slotDate: '25_11_2026', slotTime: '9:00 AM' };
      await bookOk(await customer(), bookingRequest(teslaS, slot));
      await refused(bookingRequest(teslaS, slot), 409, SLOT_TAKEN_MESSAGE);
      expect(
        await liveAppointmentsOnSlot(database.handle.db, teslaS, '25_11_2026', '9:00 AM'),
      ).toHaveLength(1);
    });

    it('lets the same slot be booked on another car', async () => {
      const slot = { slotDate: '25_11_2026', slotTime: '11:00 AM' };
      await bookOk(await customer(), bookingRequest(teslaS, slot));
      await bookOk(
        await customer(),
        bookingRequest(camry, { ...slot, selectedServiceType: 'Airport Transfer' }),
      );
    });

    it('frees a slot whose hold is past its hold_expires_at', async () => {
      const db = database.handle.db;
      const stale = await insertAppointment(db, {
        userId: await insertUser(db),
        serviceId: teslaS,
        slotDate: '26_11_2026',
        slotTime: '9:00 AM',
        status: 'pending_payment',
        holdExpiresAt: new Date(NOW.getTime() - MINUTE),
      });
      await bookOk(
        await customer(),
        bookingRequest(teslaS, { slotDate: '26_11_2026', slotTime: '9:00 AM' }),
      );
      expect((await appointmentRow(db, stale)).status).toBe('expired');
    });

    it('still blocks a slot whose hold has not run out', async () => {
      const db = database.handle.db;
      await insertAppointment(db, {
        userId: await insertUser(db),
        serviceId: teslaS,
        slotDate: '26_11_2026',
        slotTime: '1:00 PM',
        status: 'pending_payment',
        holdExpiresAt: new Date(NOW.getTime() + MINUTE),
      });
      await refused(
        bookingRequest(teslaS, { slotDate: '26_11_2026', slotTime: '1:00 PM' }),
        409,
        SLOT_TAKEN_MESSAGE,
      );
    });

    it(`lets a customer hold at most ${MAX_PENDING_HOLDS_PER_USER} unpaid slots`, async () => {
      const browser = await customer();
      const at = (i: number) =>
        bookingRequest(teslaS, { slotDate: '27_11_2026', slotTime: `${2 * i - 1}:00 PM` });
      for (let i = 1; i <= MAX_PENDING_HOLDS_PER_USER; i++) await bookOk(browser, at(i));
      expectFailure(
        await browser.post(BOOK, at(MAX_PENDING_HOLDS_PER_USER + 1)),
        429,
        TOO_MANY_HOLDS_MESSAGE,
      );
    });
  });

  describe('a retried booking', () => {
    it('answers the retry of a booking whose answer was lost with the hold it made', async () => {
      const browser = await customer();
      const body = bookingRequest(teslaS, { slotDate: '28_11_2026', slotTime: '9:00 AM' });
      const first = await bookOk(browser, body);
      expect(await bookOk(browser, body)).toBe(first);
      expect(
        await liveAppointmentsOnSlot(database.handle.db, teslaS, '28_11_2026', '9:00 AM'),
      ).toHaveLength(1);
    });

    it('still refuses the slot to the same customer asking with other details, or to another', async () => {
      const browser = await customer();
      const slot = { slotDate: '28_11_2026', slotTime: '11:00 AM' };
      await bookOk(browser, bookingRequest(teslaS, slot));
      expectFailure(
        await browser.post(BOOK, bookingRequest(teslaS, { ...slot, pickupNotes: 'A dog too.' })),
        409,
        SLOT_TAKEN_MESSAGE,
      );
      await refused(bookingRequest(teslaS, slot), 409, SLOT_TAKEN_MESSAGE);
    });

    it('answers the same key and body with the same hold, and refuses the key with another body', async () => {
      const browser = await customer();
      const idempotencyKey = randomUUID();
      const body = bookingRequest(teslaS, {
        slotDate: '28_11_2026',
        slotTime: '1:00 PM',
        idempotencyKey,
      });
      const first = await bookOk(browser, body);
      expect(await bookOk(browser, body)).toBe(first);
      expect((await appointmentRow(database.handle.db, first)).bookingKey).toBe(idempotencyKey);
      expectFailure(
        await browser.post(BOOK, { ...body, slotTime: '1:30 PM' }),
        422,
        BOOKING_KEY_REUSED_MESSAGE,
      );
      // Another customer's key is theirs alone.
      const other = await customer();
      const theirs = await bookOk(other, { ...body, slotTime: '3:00 PM' });
      expect(theirs).not.toBe(first);
    });

    it('refuses an idempotency key that is not a UUID', async () => {
      await refused(
        bookingRequest(teslaS, { slotTime: '11:30 AM', idempotencyKey: 'abc' }),
        400,
        'Invalid idempotency key',
      );
    });

    it(`answers a retry even when the customer holds ${MAX_PENDING_HOLDS_PER_USER} slots`, async () => {
      const browser = await customer();
      const at = (i: number) =>
        bookingRequest(teslaS, { slotDate: '29_11_2026', slotTime: `${2 * i - 1}:00 PM` });
      const held: string[] = [];
      for (let i = 1; i <= MAX_PENDING_HOLDS_PER_USER; i++) held.push(await bookOk(browser, at(i)));
      expect(await bookOk(browser, at(1))).toBe(held[0]);
    });
  });

  describe('holding slots without paying', () => {
    const HOLDS = testConfig().holds;

    it(`lets one client address hold at most ${HOLDS.perAddress} unpaid slots, whatever the accounts`, async () => {
      const address = '203.0.113.7';
      const at = (i: number) =>
        bookingRequest(teslaS, { slotDate: `${i}_1_2027`, slotTime: '10:00 AM' });
      for (let i = 1; i <= HOLDS.perAddress; i++) {
        const response = await (await customer()).post(BOOK, at(i), { remoteAddress: address });
        expect(response.statusCode, response.body).toBe(200);
      }
      const next = await customer();
      expectFailure(
        await next.post(BOOK, at(HOLDS.perAddress + 1), { remoteAddress: address }),
        429,
        TOO_MANY_ADDRESS_HOLDS_MESSAGE,
      );
      // The same account from another address is not held back.
      await bookOk(next, at(HOLDS.perAddress + 1));
    });

    it('counts an IPv6 network (its /64) as one address', async () => {
      const at = (i: number) =>
        bookingRequest(teslaS, { slotDate: `${i}_1_2027`, slotTime: '3:00 PM' });
      for (let i = 1; i <= HOLDS.perAddress; i++) {
        const response = await (
          await customer()
        ).post(BOOK, at(i), { remoteAddress: `2001:db8:7:1::${i}` });
        expect(response.statusCode, response.body).toBe(200);
      }
      expectFailure(
        await (
          await customer()
        ).post(BOOK, at(HOLDS.perAddress + 1), { remoteAddress: '2001:db8:7:1:abcd::9' }),
        429,
        TOO_MANY_ADDRESS_HOLDS_MESSAGE,
      );
      const elsewhere = await (
        await customer()
      ).post(BOOK, at(HOLDS.perAddress + 1), { remoteAddress: '2001:db8:7:2::1' });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    });

    it('keeps a keyed hash of the address on a live hold only, never the address', async () => {
      const db = database.handle.db;
      const address = '198.51.100.23';
      const response = await (
        await customer()
      ).post(BOOK, bookingRequest(teslaS, { slotDate: '30_11_2026', slotTime: '9:30 AM' }), {
        remoteAddress: address,
      });
      expect(response.statusCode, response.body).toBe(200);
      const id = response.json<{ appointmentId: string }>().appointmentId;
      const row = await appointmentRow(db, id);
      expect(row.clientAddressHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row.clientAddressHash).not.toBe(
        createHash('sha256').update(address).digest('base64url'),
      );
      expect(JSON.stringify(row)).not.toContain(address);

      await releaseExpiredHolds(db, new Date(row.holdExpiresAt.getTime() + MINUTE));
      expect(await appointmentRow(db, id)).toMatchObject({
        status: 'expired',
        clientAddressHash: null,
      });
    });

    /** Holds of the customer that ran out unpaid, their end this long ago. */
    const ranOut = async (userId: string, hoursAgo: number[], status: 'expired' = 'expired') => {
      const ids: string[] = [];
      for (const [i, hours] of hoursAgo.entries()) {
        ids.push(
          await insertAppointment(database.handle.db, {
            userId,
            serviceId: camry,
            slotDate: '20_11_2026',
            slotTime: `${i + 1}:30 PM`,
            status,
            holdExpiresAt: new Date(NOW.getTime() - hours * HOUR),
          }),
        );
      }
      return ids;
    };

    it(`makes an account that let ${HOLDS.lapsesPerAccount.max} holds run out within a day wait, and says until when`, async () => {
      const db = database.handle.db;
      const { browser, userId } = await signedInBrowser(app, db, NOW);
      await ranOut(userId, [20, 10, 1]);
      const body = bookingRequest(teslaS, { slotDate: '1_12_2026', slotTime: '6:00 AM' });
      // The oldest of the three leaves the day at 15:07 UTC + 4 h: 2:07 PM in New York.
      expectFailure(
        await browser.post(BOOK, body),
        429,
        'You let several bookings expire without paying. You can book again from 2:07 PM on Sunday, November 22 (New York time).',
      );

      const afterTheWait = new Date(NOW.getTime() + 4 * HOUR + MINUTE);
      const later = await buildApp({
        config: testConfig(),
        db: database.handle,
        now: () => afterTheWait,
      });
      try {
        const again = new Browser(later);
        again.setSid(browser.sid);
        await bookOk(again, body);
      } finally {
        await later.close();
      }
    });

    it('counts only unpaid holds that ran out within the day, and none that was paid or refunded', async () => {
      const db = database.handle.db;
      const { browser, userId } = await signedInBrowser(app, db, NOW);
      await ranOut(userId, [25, 2]);
      const [paidLate] = await ranOut(userId, [3]);
      await db
        .update(appointments)
        .set({ status: 'paid', paidAt: NOW })
        .where(eq(appointments.id, paidLate as string));
      const [refunded] = await ranOut(userId, [4]);
      await requestRefund(db, {
        appointmentId: refunded as string,
        checkoutSessionId: `cs_test_${refunded}`,
        paymentIntentId: `pi_test_${refunded}`,
        amountCents: 6600,
        reason: 'late_payment',
        at: NOW,
      });
      await bookOk(browser, bookingRequest(teslaS, { slotDate: '1_12_2026', slotTime: '8:00 AM' }));
    });
  });
});
