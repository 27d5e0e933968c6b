import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { appointments } from '@app/db';
import { SLOT_TAKEN_MESSAGE } from '@app/shared';
import { openPostgresDatabase, type PostgresTestDatabase } from '../test/booking.ts';
import { databaseKinds } from '../test/databases.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import {
  appointmentsById,
  at,
  book,
  bookedOf,
  distinctSlots,
  listedAppointmentIds,
  liveOn,
  makeSessions,
  runLoad,
  serverEnv,
  slotKey,
  takenInServiceList,
  withCsrf,
  type Job,
} from '../test/load.ts';
import { overlappingLiveStretches } from '../test/car-time.ts';

const BOOKERS = 100;
/** The hold limit: each booker gets this many distinct slots. */
const SLOTS_PER_BOOKER = 3;
const CONTESTED_SLOTS = 8;
const RACERS_PER_SLOT = 5;
const CONCURRENCY = 30;
/** The server is killed once this many bookings have been answered 200. */
const KILL_AFTER_BOOKED = 60;

describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'a server killed with SIGKILL during a booking load, on PostgreSQL',
  () => {
    let database: PostgresTestDatabase;
    const servers: ServerProcess[] = [];
    const tmp = mkdtempSync(join(tmpdir(), 'fault-kill-'));

    beforeAll(async () => {
      database = await openPostgresDatabase();
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    });

    it('keeps every booking it answered, holds no slot twice, and releases holds after the restart', async () => {
      const db = database.handle.db;
      const env = serverEnv(tmp, { DATABASE_URL: database.url, SEED_DEMO: 'false' });
      const first = await startServerProcess(env);
      servers.push(first);

      const slots = await distinctSlots(db, CONTESTED_SLOTS + BOOKERS * SLOTS_PER_BOOKER);
      const contested = slots.splice(0, CONTESTED_SLOTS);
      const customers = await withCsrf(
        first.baseUrl,
        await makeSessions(db, BOOKERS + CONTESTED_SLOTS * RACERS_PER_SLOT, 'kill'),
      );
      const bookers = customers.slice(0, BOOKERS);
      const racers = customers.slice(BOOKERS);
      // Distinct slots, with a group of racers on one slot after every 5 of them (early in the
      // run, so the races happen before the kill).
      const jobs: Job[] = [];
      slots.forEach((slot, i) => {
        jobs.push({ customer: at(bookers, i % BOOKERS), slot });
        const group = i / 5;
        if (i % 5 === 4 && group < CONTESTED_SLOTS) {
          for (let r = 0; r < RACERS_PER_SLOT; r++)
            jobs.push({
              customer: at(racers, Math.floor(group) * RACERS_PER_SLOT + r),
              slot: at(contested, Math.floor(group)),
            });
        }
      });

      const { outcomes, notStarted } = await runLoad(first.baseUrl, jobs, CONCURRENCY, (done) => {
        if (bookedOf(done).length < KILL_AFTER_BOOKED) return false;
        first.kill('SIGKILL');
        return true;
      });
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      // Killed mid-load: bookings were still to come.
      expect(notStarted).toBeGreaterThan(0);

      // Every booking answered 200 is stored, as answered.
      const answered = bookedOf(outcomes);
      expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_BOOKED);
      const rows = new Map(
        (
          await appointmentsById(
            db,
            answered.map((o) => o.answer.appointmentId),
          )
        ).map((row) => [row.id, row]),
      );
      for (const { answer, customer, slot } of answered) {
        expect(rows.get(answer.appointmentId)).toMatchObject({
          userId: customer.userId,
          serviceId: slot.serviceId,
          slotDate: slot.slotDate,
          slotTime: slot.slotTime,
          status: 'pending_payment',
        });
      }
      // The only refusal is a lost race; a slot has at most one winner, and it is the one stored.
      for (const outcome of outcomes.filter((o) => o.answer.kind === 'refused'))
        expect(outcome.answer).toEqual({
          kind: 'refused',
          status: 409,
          message: SLOT_TAKEN_MESSAGE,
        });
      for (const slot of contested) {
        const winners = answered.filter((o) => slotKey(o.slot) === slotKey(slot));
        expect(winners.length).toBeLessThanOrEqual(1);
        const live = await liveOn(db, slot);
        expect(live.length).toBeLessThanOrEqual(1);
        if (winners[0]) expect(live).toEqual([{ id: winners[0].answer.appointmentId }]);
      }
      expect(await overlappingLiveStretches(db)).toEqual([]);

      // Half of the holds run out while the server is down. The server has no clock to move, so
      // the passing of those 33 minutes is simulated by moving the holds' end into the past.
      const expired = answered.filter((_, i) => i % 2 === 0);
      const live = answered.filter((_, i) => i % 2 === 1);
      await db
        .update(appointments)
        .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
        .where(
          inArray(
            appointments.id,
            expired.map((o) => o.answer.appointmentId),
          ),
        );

      const second = await startServerProcess(env);
      servers.push(second);
      // The sweep at start released the holds that ran out; the others still hold their slots.
      const statuses = new Map(
        (
          await appointmentsById(
            db,
            answered.map((o) => o.answer.appointmentId),
          )
        ).map((row) => [row.id, row.status]),
      );
      for (const o of expired) expect(statuses.get(o.answer.appointmentId)).toBe('expired');
      for (const o of live) expect(statuses.get(o.answer.appointmentId)).toBe('pending_payment');

      // The restarted API shows the same: live holds taken, released ones free again.
      const taken = await takenInServiceList(second.baseUrl);
      for (const o of live) expect(taken.has(slotKey(o.slot))).toBe(true);
      for (const o of expired) expect(taken.has(slotKey(o.slot))).toBe(false);
      for (const customer of new Set(answered.map((o) => o.customer))) {
        const listed = await listedAppointmentIds(second.baseUrl, customer);
        for (const o of answered.filter((a) => a.customer === customer))
          expect(listed.has(o.answer.appointmentId)).toBe(live.includes(o));
      }

      // A newcomer gets a released slot, and is refused a held one.
      const newcomer = at(await withCsrf(second.baseUrl, await makeSessions(db, 1, 'after')), 0);
      const freed = at(expired, 0);
      const held = at(live, 0);
      expect(await book(second.baseUrl, newcomer, freed.slot)).toMatchObject({ kind: 'booked' });
      expect(await book(second.baseUrl, newcomer, held.slot)).toEqual({
        kind: 'refused',
        status: 409,
        message: SLOT_TAKEN_MESSAGE,
      });
      expect(await overlappingLiveStretches(db)).toEqual([]);
    });
  },
);
