import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  CarSearchResponseSchema,
  LENGTH_MESSAGE,
  MESSAGES,
  SEARCH_MESSAGES,
  ServiceListResponseSchema,
  type Service,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York

describe.each(await databaseKinds())('GET /api/service/search on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let services: Service[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      now: () => NOW,
      serviceListMaxAgeMs: 0,
    });
    const listed = await app.inject({ method: 'GET', url: '/api/service/list' });
    services = ServiceListResponseSchema.parse(listed.json()).services;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const car = (name: string) => {
    const found = services.find((service) => service.name === name);
    if (!found) throw new Error(`no ${name} in the demo catalogue`);
    return found;
  };
  const search = async (query: Record<string, string>) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/service/search?${new URLSearchParams(query).toString()}`,
    });
    return response;
  };
  const found = async (query: Record<string, string>) => {
    const response = await search(query);
    expect(response.statusCode, response.body).toBe(200);
    return CarSearchResponseSchema.parse(response.json());
  };
  const nameOf = (id: string) => services.find((service) => service._id === id)?.name;

  it('lists the cars free for the whole stretch, smallest for the party first', async () => {
    const suburban = car('Chevrolet Suburban');
    const userId = await insertUser(database.handle.db);
    // A paid 3-hour charter from 7 PM: the Suburban is the charter's until 10:30 PM.
    await insertAppointment(database.handle.db, {
      userId,
      serviceId: suburban._id,
      slotDate: '24_11_2026',
      slotTime: '7:00 PM',
      status: 'paid',
      lengthMinutes: 180,
      turnaroundMinutes: 30,
    });

    const party = { passengers: '7', bags: '5' };
    const at8 = await found({ date: '24_11_2026', time: '8:00 PM', length: '2h', ...party });
    // Seven passengers and five bags: the Suburban (7/7), the Sienna (8/6) and the Carnival (8/5).
    expect(at8.free.map((c) => nameOf(c._id))).not.toContain('Chevrolet Suburban');
    expect(at8.free.map((c) => nameOf(c._id))).toEqual(
      expect.arrayContaining(['Toyota Sienna', 'Kia Carnival']),
    );
    // Its nearest starts: a 2-hour stretch with turnaround must end by 7 PM, or start at 10:30.
    expect(at8.busy).toEqual([
      {
        _id: suburban._id,
        before: { slotDate: '24_11_2026', slotTime: '4:30 PM' },
        after: { slotDate: '24_11_2026', slotTime: '10:30 PM' },
      },
    ]);

    const at4 = await found({ date: '24_11_2026', time: '4:00 PM', length: '2h', ...party });
    expect(at4.free.map((c) => nameOf(c._id))[0]).toBe('Chevrolet Suburban');
    expect(at4.busy).toEqual([]);
  });

  it('searches rentals in days among the cars that rent, and leaves out cars too small', async () => {
    const rentals = await found({ date: '1_12_2026', time: '9:00 AM', length: '2d' });
    const names = rentals.free.map((c) => nameOf(c._id));
    expect(names).toContain('Honda Odyssey');
    expect(names).not.toContain('Tesla Model S');
    const big = await found({ date: '1_12_2026', time: '9:00 AM', length: '3h', passengers: '8' });
    for (const { _id } of big.free) {
      expect(services.find((s) => s._id === _id)?.seats).toBeGreaterThanOrEqual(8);
    }
  });

  it('answers 400 with the product’s message for a bad date, length or party', async () => {
    for (const [query, message] of [
      [{ date: '31_2_2026', time: '9:00 AM', length: '2h' }, MESSAGES.selectDateTime],
      [{ date: '1_12_2026', time: '9:15 AM', length: '2h' }, MESSAGES.selectDateTime],
      [{ date: '1_12_2026', time: '9:00 AM', length: '7h' }, LENGTH_MESSAGE],
      [{ date: '1_12_2026', time: '9:00 AM', length: '8d' }, LENGTH_MESSAGE],
      [
        { date: '1_12_2026', time: '9:00 AM', length: '2h', passengers: '0' },
        SEARCH_MESSAGES.passengers,
      ],
      [{ date: '1_12_2026', time: '9:00 AM', length: '2h', bags: 'many' }, SEARCH_MESSAGES.bags],
    ] as const) {
      const response = await search(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message });
    }
  });

  it('finds nothing free before now, and says the nearest start after', async () => {
    const past = await found({ date: '22_11_2026', time: '9:00 AM', length: '1h' });
    expect(past.free).toEqual([]);
    expect(past.busy[0]?.before).toBeNull();
    expect(past.busy[0]?.after).toEqual({ slotDate: '22_11_2026', slotTime: '10:30 AM' });
  });
});
