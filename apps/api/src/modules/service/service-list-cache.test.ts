import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { createServiceListCache } from './service-list-cache.ts';

const NOW = new Date('2026-11-22T15:07:00Z');

describe('the service list cache', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.drop());

  const book = async (serviceId: string, slotTime: string) => {
    const userId = await insertUser(database.handle.db);
    const slot = { userId, serviceId, slotDate: '23_11_2026', slotTime, status: 'paid' as const };
    await insertAppointment(database.handle.db, slot);
  };

  it('keeps its answer for its age limit, and drops it at once when invalidated', async () => {
    const cache = createServiceListCache(database.handle.db, { maxAgeMs: 60_000, now: () => NOW });
    const first = await cache.get();
    const serviceId = first.services[0]?._id as string;
    expect(JSON.parse(first.body.text)).toEqual({ success: true, services: first.services });

    await book(serviceId, '9:30 AM'); // as if another instance took the slot
    expect((await cache.get()).services[0]?.slots_booked).toEqual({});

    cache.invalidate(); // as this instance does after its own writes
    expect((await cache.get()).services[0]?.slots_booked).toEqual({ '23_11_2026': ['9:30 AM'] });
  });

  it('re-reads once its age limit has passed', async () => {
    const cache = createServiceListCache(database.handle.db, { maxAgeMs: 0, now: () => NOW });
    const serviceId = (await cache.get()).services[1]?._id as string;
    await book(serviceId, '1:00 PM');
    expect((await cache.get()).services[1]?.slots_booked).toEqual({ '23_11_2026': ['1:00 PM'] });
  });

  it('serves concurrent misses from one query', async () => {
    const cache = createServiceListCache(database.handle.db, { maxAgeMs: 60_000, now: () => NOW });
    const [a, b, c] = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });

  it('never keeps an answer that was loading while it was invalidated', async () => {
    const cache = createServiceListCache(database.handle.db, { maxAgeMs: 60_000, now: () => NOW });
    const loading = cache.get();
    cache.invalidate();
    const stale = await loading;
    const fresh = await cache.get();
    expect(fresh).not.toBe(stale);
  });
});
