import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_CATALOGUE } from '@app/db';
import { DEFAULT_TURNAROUND_MINUTES, ServiceListResponseSchema, type Service } from '@app/shared';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York

describe.each(await databaseKinds())('GET /api/service/list on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      now: () => NOW,
      serviceListMaxAgeMs: 0,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const list = async (): Promise<Service[]> => {
    const response = await app.inject({ method: 'GET', url: '/api/service/list' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return ServiceListResponseSchema.parse(response.json()).services;
  };

  it('lists the demo catalogue in order, in the contract’s shape, money in dollars', async () => {
    const services = await list();
    expect(services.map((s) => s.name)).toEqual(DEMO_CATALOGUE.map((s) => s.name));
    for (const [i, service] of services.entries()) {
      const { _id, slots_booked, turnaroundMinutes, ...rest } = service;
      expect(_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(slots_booked).toEqual({});
      expect(rest).toEqual(DEMO_CATALOGUE[i]);
      // Every demo car has the defaults: what a car needs after a booking before the next.
      expect(turnaroundMinutes).toEqual(DEFAULT_TURNAROUND_MINUTES);
    }
  });

  it('shows held and paid slots from today on, keyed d_m_yyyy, and never who booked', async () => {
    const [first, second] = await list();
    if (!first || !second) throw new Error('the demo catalogue has at least two services');
    const userId = await insertUser(database.handle.db);
    type Status = 'pending_payment' | 'paid' | 'expired' | 'cancelled';
    const book = (serviceId: string, slotDate: string, slotTime: string, status: Status) =>
      insertAppointment(database.handle.db, { userId, serviceId, slotDate, slotTime, status });
    await book(first._id, '23_11_2026', '9:30 AM', 'paid');
    await book(first._id, '23_11_2026', '10:00 AM', 'pending_payment');
    await book(first._id, '5_1_2027', '12:00 AM', 'paid');
    await book(first._id, '23_11_2026', '10:30 AM', 'expired');
    await book(first._id, '23_11_2026', '11:00 AM', 'cancelled');
    await book(first._id, '21_11_2026', '9:00 AM', 'paid'); // yesterday: not worth sending
    await book(second._id, '22_11_2026', '11:30 PM', 'paid');
    // A hold past its time, not yet released by the sweep: the slot is free again.
    await insertAppointment(database.handle.db, {
      userId,
      serviceId: first._id,
      slotDate: '23_11_2026',
      slotTime: '12:00 PM',
      status: 'pending_payment',
      holdExpiresAt: new Date(NOW.getTime() - 60_000),
    });

    const services = await list();
    const byId = new Map(services.map((s) => [s._id, s]));
    expect(byId.get(first._id)?.slots_booked).toEqual({
      '23_11_2026': ['9:30 AM', '10:00 AM'],
      '5_1_2027': ['12:00 AM'],
    });
    expect(byId.get(second._id)?.slots_booked).toEqual({ '22_11_2026': ['11:30 PM'] });
    expect(
      services
        .filter((s) => s._id !== first._id && s._id !== second._id)
        .every((s) => Object.keys(s.slots_booked).length === 0),
    ).toBe(true);
  });

  it('sends the list compressed to clients that take it', async () => {
    const plain = await app.inject({
      url: '/api/service/list',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const brotli = await app.inject({
      url: '/api/service/list',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await app.inject({
      url: '/api/service/list',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('answers one service by id, 404 for an unknown id and 400 for a malformed one', async () => {
    const [first] = await list();
    const found = await app.inject({ method: 'GET', url: `/api/service/${first?._id}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      success: true,
      service: { _id: first?._id, name: first?.name },
    });

    const unknown = await app.inject({
      method: 'GET',
      url: '/api/service/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Service not found' });

    for (const bad of ['not-an-id', '123', "1'%20or%201=1", '%00']) {
      const malformed = await app.inject({ method: 'GET', url: `/api/service/${bad}` });
      expect(malformed.statusCode, bad).toBe(400);
      expect(malformed.json(), bad).toEqual({ success: false, message: 'Invalid service id' });
    }
  });
});
