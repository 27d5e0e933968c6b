import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, prepareDb, type DbHandle } from '@app/db';
import { SLOT_TAKEN_MESSAGE } from '@app/shared';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import {
  appointmentsById,
  at,
  book,
  bookedOf,
  distinctSlots,
  listedAppointmentIds,
  makeSessions,
  runLoad,
  serverEnv,
  slotKey,
  takenInServiceList,
  withCsrf,
  type Job,
} from '../test/load.ts';
import { overlappingLiveStretches } from '../test/car-time.ts';

const BOOKERS = 20;
const CONTESTED_SLOTS = 4;
const RACERS_PER_SLOT = 4;
const CONCURRENCY = 10;
const KILL_AFTER_BOOKED = 20;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded database's data directory after its process was killed: the lock file of the
 * dead process is taken over, committed bookings are there, and crash recovery leaves the data
 * whole. PGlite runs one transaction at a time, so its races are queued, not parallel.
 */
describe('a server on the embedded database killed with SIGKILL during a booking load', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'fault-kill-pglite-'));
  const dataDir = join(tmp, 'data');
  const lockFile = `${dataDir}.lock`;
  const env = serverEnv(tmp, { DATA_DIR: dataDir });
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(tmp, { recursive: true, force: true });
  });

  /** The data directory opened in this process, while no server runs. */
  const withData = async <T>(work: (handle: DbHandle) => Promise<T>): Promise<T> => {
    const handle = await createDb({ dataDir });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  };
  const start = async () => {
    const server = await startServerProcess(env);
    servers.push(server);
    return server;
  };

  it('takes over the dead process lock and keeps every answered booking, whole', async () => {
    // Customers are made before the server owns the directory.
    const { sessions, slots, newcomers } = await withData(async (handle) => {
      await prepareDb(handle, { seed: true });
      return {
        sessions: await makeSessions(handle.db, BOOKERS + CONTESTED_SLOTS * RACERS_PER_SLOT, 'k'),
        newcomers: await makeSessions(handle.db, 1, 'new'),
        slots: await distinctSlots(handle.db, CONTESTED_SLOTS + BOOKERS * 3),
      };
    });
    const contested = slots.splice(0, CONTESTED_SLOTS);

    const first = await start();
    const customers = await withCsrf(first.baseUrl, sessions);
    const bookers = customers.slice(0, BOOKERS);
    const racers = customers.slice(BOOKERS);
    const jobs: Job[] = [];
    slots.forEach((slot, i) => {
      jobs.push({ customer: at(bookers, i % BOOKERS), slot });
      const group = Math.floor(i / 3);
      if (i % 3 === 2 && group < CONTESTED_SLOTS)
        for (let r = 0; r < RACERS_PER_SLOT; r++)
          jobs.push({
            customer: at(racers, group * RACERS_PER_SLOT + r),
            slot: at(contested, group),
          });
    });
    const { outcomes, notStarted } = await runLoad(first.baseUrl, jobs, CONCURRENCY, (done) => {
      if (bookedOf(done).length < KILL_AFTER_BOOKED) return false;
      first.kill('SIGKILL');
      return true;
    });
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(notStarted).toBeGreaterThan(0);
    const answered = bookedOf(outcomes);
    for (const outcome of outcomes.filter((o) => o.answer.kind === 'refused'))
      expect(outcome.answer).toEqual({ kind: 'refused', status: 409, message: SLOT_TAKEN_MESSAGE });
    for (const slot of contested)
      expect(answered.filter((o) => slotKey(o.slot) === slotKey(slot)).length).toBeLessThan(2);

    // The killed process could not remove its lock.
    const deadPid = Number(readFileSync(lockFile, 'utf8'));
    expect(isRunning(deadPid)).toBe(false);

    // A new server takes the lock over and has every answered booking.
    const second = await start();
    expect(Number(readFileSync(lockFile, 'utf8'))).not.toBe(deadPid);
    const taken = await takenInServiceList(second.baseUrl);
    for (const o of answered) expect(taken.has(slotKey(o.slot))).toBe(true);
    for (const customer of new Set(answered.map((o) => o.customer))) {
      const listed = await listedAppointmentIds(second.baseUrl, customer);
      for (const o of answered.filter((a) => a.customer === customer))
        expect(listed.has(o.answer.appointmentId)).toBe(true);
    }
    // It takes bookings: a slot never reached by the load, but not one that was won.
    const newcomer = at(await withCsrf(second.baseUrl, newcomers), 0);
    expect(await book(second.baseUrl, newcomer, at(slots, -1))).toMatchObject({ kind: 'booked' });
    expect(await book(second.baseUrl, newcomer, at(answered, 0).slot)).toEqual({
      kind: 'refused',
      status: 409,
      message: SLOT_TAKEN_MESSAGE,
    });
    await second.stop();
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFile)).toBe(false);

    // The data is whole: every answered booking as answered, no slot held twice, and the
    // database still takes writes. (Holds expiring after a restart is the server's logic, the
    // same on both databases: the PostgreSQL suite checks it.)
    await withData(async ({ db }) => {
      const rows = new Map(
        (
          await appointmentsById(
            db,
            answered.map((o) => o.answer.appointmentId),
          )
        ).map((row) => [row.id, row]),
      );
      for (const { answer, customer, slot } of answered)
        expect(rows.get(answer.appointmentId)).toMatchObject({
          userId: customer.userId,
          serviceId: slot.serviceId,
          slotDate: slot.slotDate,
          slotTime: slot.slotTime,
          status: 'pending_payment',
        });
      expect(await overlappingLiveStretches(db)).toEqual([]);
      expect(await makeSessions(db, 1, 'after')).toHaveLength(1);
    });
  }, 60_000);
});
