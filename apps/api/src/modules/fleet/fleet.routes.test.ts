import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { appointments, auditEvents, services, type Database } from '@app/db';
import {
  FleetCarResponseSchema,
  FleetResponseSchema,
  PHOTO_NOT_AN_IMAGE_MESSAGE,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_MAX_BYTES,
  ServiceListResponseSchema,
  CarInputSchema,
  DEFAULT_TURNAROUND_MINUTES,
  CAR_AVAILABLE_MESSAGE,
  type CarInput,
  type FleetCar,
  type Service,
  DEFAULT_CHAUFFEUR_MESSAGE,
  PLATE_MESSAGE,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { CSRF_FAILED_MESSAGE } from '../../plugins/csrf.ts';
import { serviceIdByName, signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure, expectSuccess } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';
import { CAR_ALREADY_RETIRED_MESSAGE } from './retire-car.ts';
import { CAR_NOT_FOUND_MESSAGE, CAR_RETIRED_MESSAGE } from './fleet-car.ts';
import {
  PHOTO_SHAPE_MESSAGE,
  PHOTO_TOO_MANY_PIXELS_MESSAGE,
  PHOTO_UNREADABLE_MESSAGE,
} from './make-photo-renditions.ts';
import { PHOTO_NOT_MULTIPART_MESSAGE, PHOTO_ONE_FILE_MESSAGE } from './fleet.routes.ts';

const NOW = new Date('2026-11-22T15:07:00Z');

/** A car's form fields, as the console sends them back. */
const inputOf = (car: FleetCar): CarInput => z.object(CarInputSchema.shape).parse(car);

const NEW_CAR: CarInput = {
  name: 'Kia EV9',
  serviceLevel: 'Family',
  type: 'Kia',
  about: 'A quiet electric SUV with three rows of seats.',
  address: '40 Main Street, Norfolk, MA 02056',
  available: true,
  availableServiceTypes: ['Airport Transfer', 'Long-Distance Ride'],
  fees: 55.5,
  specialServicePricePerHour: 100,
  specialServicePriceBetweenOneHourFifteen: 120.25,
  specialServicePriceExtra: 30,
  specialServicePriceFlatRate: 160,
  serviceChargePerHour: 110,
  rentalDailyPrice: 170,
  rentalWeeklyPrice: 990,
};

/** A multipart body with the given files (field `photo`), as a browser's FormData sends it. */
function multipart(files: { name: string; type: string; bytes: Buffer }[]) {
  const boundary = '----rides-test-boundary';
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PNG whose header claims `side`×`side` pixels, with almost no data: a decompression bomb. */
function pixelBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(side + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG photo carrying EXIF with a GPS position and a camera, like a phone's. */
async function phonePhoto(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 80, b: 160 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'Olive Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '42/1 7/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '71/1 19/1 0/1',
      },
    })
    .toBuffer();
}

describe.each(await databaseKinds())('the fleet on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let owner: Browser;
  let uploadsDir: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    uploadsDir = await mkdtemp(join(tmpdir(), 'rides-fleet-'));
    // A long list age: every change must reach the list by invalidation, not by expiry.
    app = await buildApp({
      config: testConfig({ uploadsDir }),
      db: database.handle,
      now: () => NOW,
      serviceListMaxAgeMs: 3_600_000,
    });
    ({ browser: owner } = await signedInOwner(app, db, NOW));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  });

  const publicList = async (): Promise<Service[]> => {
    const response = await new Browser(app).get('/api/service/list');
    expect(response.statusCode).toBe(200);
    return ServiceListResponseSchema.parse(response.json()).services;
  };
  const addCar = async (input: CarInput = NEW_CAR) => {
    const response = await owner.post('/api/admin/fleet/add-car', input);
    expectSuccess(response);
    return FleetCarResponseSchema.parse(response.json()).car;
  };
  const auditOf = (serviceId: string) =>
    db.select().from(auditEvents).where(eq(auditEvents.serviceId, serviceId));
  it('answers a visitor 401 and a customer 403 on every fleet route, and checks CSRF', async () => {
    const car = await serviceIdByName(db, 'Tesla Model S');
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    const visitor = new Browser(app);
    const routes: [string, string, Record<string, unknown>][] = [
      ['GET', '/api/admin/fleet', {}],
      ['POST', '/api/admin/fleet/add-car', NEW_CAR],
      ['POST', `/api/admin/fleet/${car}/update-car`, NEW_CAR],
      ['POST', `/api/admin/fleet/${car}/retire-car`, {}],
      ['POST', `/api/admin/fleet/${car}/availability`, { available: false }],
    ];
    for (const [method, url, body] of routes) {
      const send = (who: Browser) => (method === 'GET' ? who.get(url) : who.post(url, body));
      expectFailure(await send(visitor), 401, NOT_SIGNED_IN_MESSAGE);
      expectFailure(await send(customer), 403, OWNER_ONLY_MESSAGE);
      if (method === 'POST') {
        expectFailure(await owner.post(url, body, { csrf: false }), 403, CSRF_FAILED_MESSAGE);
      }
    }
    const photo = multipart([
      { name: 'car.jpg', type: 'image/jpeg', bytes: await phonePhoto(400, 250) },
    ]);
    const photoUrl = `/api/admin/fleet/${car}/photo`;
    const photoRequest = { method: 'POST' as const, url: photoUrl, ...photo };
    expectFailure(await visitor.request(photoRequest, { csrf: true }), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(await customer.request(photoRequest, { csrf: true }), 403, OWNER_ONLY_MESSAGE);
    expectFailure(await owner.request(photoRequest), 403, CSRF_FAILED_MESSAGE);
    // Nothing changed: no photo, no event.
    expect(await auditOf(car)).toEqual([]);
  });

  it('lists every car for the owner, with all its fields', async () => {
    const response = await owner.get('/api/admin/fleet');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { cars } = FleetResponseSchema.parse(response.json());
    const site = await publicList();
    expect(cars.map((car) => car._id)).toEqual(site.map((service) => service._id));
    const [first] = cars;
    expect(first).toMatchObject({ name: 'Tesla Model S', photo: null, retiredAt: null, fees: 65 });
  });

  it('adds a car with every field: on the site at once, and in the audit trail', async () => {
    await publicList(); // the list is loaded and kept (for an hour) before the change
    const car = await addCar();
    expect(car).toMatchObject({ ...NEW_CAR, photo: null, retiredAt: null });
    expect(car.image).toBe('/images/cars/kia-k5.svg');
    // Seats and bags left out: the database's defaults.
    expect(car).toMatchObject({ seats: 4, bags: 2 });

    const listed = (await publicList()).find((service) => service._id === car._id);
    expect(listed).toMatchObject({ ...NEW_CAR, slots_booked: {} });
    expect((await publicList()).at(-1)?._id).toBe(car._id);

    const [event, ...more] = await auditOf(car._id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ action: 'service.created', before: null });
    expect(event?.after).toMatchObject({ name: 'Kia EV9', fees: 55.5, rentalWeeklyPrice: 990 });
  });

  it('refuses bad cars with a clear message, and stores nothing', async () => {
    const refusals: [Record<string, unknown>, string | RegExp][] = [
      [{ ...NEW_CAR, name: '  ' }, "Enter the car's name."],
      [{ ...NEW_CAR, name: 'x'.repeat(81) }, "The car's name must be at most 80 characters."],
      [{ ...NEW_CAR, type: 'Ford' }, /^Choose the car's make: Tesla, Honda/],
      [{ ...NEW_CAR, fees: -1 }, 'Booking fee cannot be negative.'],
      [{ ...NEW_CAR, fees: '55' }, 'Booking fee must be a dollar amount.'],
      [{ ...NEW_CAR, rentalDailyPrice: 10.001 }, 'Rental price, per day must be in whole cents.'],
      [{ ...NEW_CAR, rentalWeeklyPrice: 1e9 }, 'Rental price, per week must be at most $100,000.'],
      [{ ...NEW_CAR, availableServiceTypes: [] }, 'Choose at least one service type.'],
      [{ ...NEW_CAR, availableServiceTypes: ['Boat Ride'] }, /^Service types are /],
      [
        { ...NEW_CAR, availableServiceTypes: ['Car Rental', 'Car Rental'] },
        'Choose each service type once.',
      ],
      [{ ...NEW_CAR, available: 'yes' }, 'Say whether the car is available.'],
      [{ ...NEW_CAR, seats: 0 }, 'A car has at least 1 seat.'],
      [{ ...NEW_CAR, bags: 2.5 }, 'Bags must be a whole number.'],
      [{ ...NEW_CAR, image: '/etc/passwd' }, /Unrecognized key/],
    ];
    const before = (await owner.get('/api/admin/fleet')).json<{ cars: unknown[] }>().cars.length;
    for (const [body, message] of refusals) {
      expectFailure(await owner.post('/api/admin/fleet/add-car', body), 400, message);
    }
    const [, , spoiled] = refusals;
    const car = await serviceIdByName(db, 'Tesla Model 3');
    expectFailure(
      await owner.post(`/api/admin/fleet/${car}/update-car`, spoiled?.[0]),
      400,
      spoiled?.[1],
    );
    expect((await owner.get('/api/admin/fleet')).json<{ cars: unknown[] }>().cars).toHaveLength(
      before,
    );
    expect(await auditOf(car)).toEqual([]);
  });

  it('updates a car: the list follows at once, the trail keeps what changed', async () => {
    const id = await serviceIdByName(db, 'Honda Accord');
    const { cars } = FleetResponseSchema.parse((await owner.get('/api/admin/fleet')).json());
    const current = cars.find((car) => car._id === id);
    if (!current) throw new Error('the demo fleet has a Honda Accord');
    await publicList();
    const fields = inputOf(current);
    const response = await owner.post(`/api/admin/fleet/${id}/update-car`, {
      ...fields,
      fees: 42,
      available: false,
      availableServiceTypes: ['Car Rental'],
      seats: 5,
      bags: 3,
    });
    expectSuccess(response, 'Honda Accord is saved.');
    const listed = (await publicList()).find((service) => service._id === id);
    expect(listed).toMatchObject({
      fees: 42,
      available: false,
      availableServiceTypes: ['Car Rental'],
      seats: 5,
      bags: 3,
    });
    const [event] = await auditOf(id);
    expect(event).toMatchObject({
      action: 'service.updated',
      before: {
        fees: current.fees,
        available: true,
        availableServiceTypes: current.availableServiceTypes,
      },
      after: {
        fees: 42,
        available: false,
        availableServiceTypes: ['Car Rental'],
        seats: 5,
        bags: 3,
      },
    });

    const unknown = '00000000-0000-4000-8000-000000000000';
    expectFailure(
      await owner.post(`/api/admin/fleet/${unknown}/update-car`, NEW_CAR),
      404,
      CAR_NOT_FOUND_MESSAGE,
    );
    expectFailure(
      await owner.post('/api/admin/fleet/not-an-id/update-car', NEW_CAR),
      400,
      'Invalid service id',
    );
  });

  it("keeps a turnaround per kind: the defaults for a new car, the owner's when set, audited", async () => {
    const added = await addCar({ ...NEW_CAR, name: 'Kia EV9 Turnaround' });
    expect(added.turnaroundMinutes).toEqual(DEFAULT_TURNAROUND_MINUTES);
    const withOwn = await addCar({
      ...NEW_CAR,
      name: 'Kia EV9 Quick',
      turnaroundMinutes: { ride: 15, hourly: 0, rental: 120 },
    });
    expect(withOwn.turnaroundMinutes).toEqual({ ride: 15, hourly: 0, rental: 120 });
    const [created] = await auditOf(withOwn._id);
    expect(created?.after).toMatchObject({
      turnaroundMinutes: { ride: 15, hourly: 0, rental: 120 },
    });

    // Changed: the fleet list, the public list and the trail agree.
    const response = await owner.post(`/api/admin/fleet/${added._id}/update-car`, {
      ...inputOf(added),
      turnaroundMinutes: { ride: 45, hourly: 30, rental: 90 },
    });
    expectSuccess(response);
    const { cars } = FleetResponseSchema.parse((await owner.get('/api/admin/fleet')).json());
    expect(cars.find((car) => car._id === added._id)?.turnaroundMinutes).toEqual({
      ride: 45,
      hourly: 30,
      rental: 90,
    });
    expect(
      (await publicList()).find((service) => service._id === added._id)?.turnaroundMinutes,
    ).toEqual({ ride: 45, hourly: 30, rental: 90 });
    const updated = (await auditOf(added._id)).find((e) => e.action === 'service.updated');
    expect(updated).toMatchObject({
      before: { turnaroundMinutes: DEFAULT_TURNAROUND_MINUTES },
      after: { turnaroundMinutes: { ride: 45, hourly: 30, rental: 90 } },
    });

    // Left out of a change, the car keeps its own.
    const withoutTurnarounds: CarInput = { ...inputOf(added) };
    delete withoutTurnarounds.turnaroundMinutes;
    expectSuccess(
      await owner.post(`/api/admin/fleet/${added._id}/update-car`, {
        ...withoutTurnarounds,
        fees: 60,
      }),
    );
    const [row] = await db.select().from(services).where(eq(services.id, added._id));
    expect(row).toMatchObject({
      rideTurnaroundMinutes: 45,
      hourlyTurnaroundMinutes: 30,
      rentalTurnaroundMinutes: 90,
    });

    // Out of range, fractional, missing or not a number: refused with the kind's message.
    const refusals: [Record<string, unknown>, string][] = [
      [
        { ride: -1, hourly: 30, rental: 60 },
        'The ride turnaround must be a whole number of minutes from 0 to 720.',
      ],
      [
        { ride: 30, hourly: 721, rental: 60 },
        'The hourly turnaround must be a whole number of minutes from 0 to 720.',
      ],
      [
        { ride: 30, hourly: 30, rental: 7.5 },
        'The rental turnaround must be a whole number of minutes from 0 to 720.',
      ],
      [
        { ride: '30', hourly: 30, rental: 60 },
        'The ride turnaround must be a whole number of minutes from 0 to 720.',
      ],
      [
        { ride: 30, hourly: 30 },
        'The rental turnaround must be a whole number of minutes from 0 to 720.',
      ],
    ];
    for (const [turnaroundMinutes, message] of refusals) {
      expectFailure(
        await owner.post('/api/admin/fleet/add-car', { ...NEW_CAR, turnaroundMinutes }),
        400,
        message,
      );
      expectFailure(
        await owner.post(`/api/admin/fleet/${added._id}/update-car`, {
          ...inputOf(added),
          turnaroundMinutes,
        }),
        400,
        message,
      );
    }
    const [still] = await db.select().from(services).where(eq(services.id, added._id));
    expect(still?.rideTurnaroundMinutes).toBe(45);
  });

  it('keeps a plate and a default chauffeur, audited; refuses a bad plate and a non-driver', async () => {
    const dana = await insertUser(db, 'Dana Driver', 'chauffeur');
    const added = await addCar({
      ...NEW_CAR,
      name: 'Kia EV9 Chauffeured',
      plate: ' 1ab-c23 ',
      defaultChauffeurId: dana,
    });
    expect(added).toMatchObject({ plate: '1AB-C23', defaultChauffeurId: dana });
    const [created] = await auditOf(added._id);
    expect(created?.after).toMatchObject({ plate: '1AB-C23', defaultChauffeurId: dana });

    // Left out of a change, the car keeps both; null takes the default chauffeur away.
    const kept: CarInput = { ...inputOf(added) };
    delete kept.plate;
    delete kept.defaultChauffeurId;
    expectSuccess(await owner.post(`/api/admin/fleet/${added._id}/update-car`, kept));
    const changed = await owner.post(`/api/admin/fleet/${added._id}/update-car`, {
      ...kept,
      defaultChauffeurId: null,
    });
    expectSuccess(changed);
    expect(FleetCarResponseSchema.parse(changed.json()).car).toMatchObject({
      plate: '1AB-C23',
      defaultChauffeurId: null,
    });

    const customer = await insertUser(db, 'Cora Customer');
    for (const [body, message] of [
      [{ plate: 'TOO-LONG-PLATE' }, PLATE_MESSAGE],
      [{ plate: '1AB<C23' }, PLATE_MESSAGE],
      [{ defaultChauffeurId: 'dana' }, DEFAULT_CHAUFFEUR_MESSAGE],
      [{ defaultChauffeurId: customer }, DEFAULT_CHAUFFEUR_MESSAGE],
      [{ defaultChauffeurId: randomUUID() }, DEFAULT_CHAUFFEUR_MESSAGE],
    ] as const) {
      expectFailure(
        await owner.post(`/api/admin/fleet/${added._id}/update-car`, { ...kept, ...body }),
        400,
        message,
      );
    }
    const [row] = await db.select().from(services).where(eq(services.id, added._id));
    expect(row).toMatchObject({ plate: '1AB-C23', defaultChauffeurId: null });
  });

  it('takes a car off the road and back: not bookable, its rides kept and counted, audited', async () => {
    const id = await serviceIdByName(db, 'Honda Odyssey');
    const userId = await insertUser(db);
    const ride = await insertAppointment(db, {
      userId,
      serviceId: id,
      slotDate: '25_11_2026',
      slotTime: '10:00 AM',
      status: 'paid',
    });
    // A ride in the past is not ahead.
    await insertAppointment(db, {
      userId,
      serviceId: id,
      slotDate: '20_11_2026',
      slotTime: '10:00 AM',
      status: 'completed',
    });
    const listed = FleetResponseSchema.parse((await owner.get('/api/admin/fleet')).json());
    expect(listed.cars.find((car) => car._id === id)?.ridesAhead).toBe(1);

    const earlier = new Set((await auditOf(id)).map((e) => e.id));
    const off = await owner.post(`/api/admin/fleet/${id}/availability`, { available: false });
    expectSuccess(
      off,
      'Honda Odyssey is off the road: customers cannot book it. Its 1 upcoming ride is kept as booked.',
    );
    expect(FleetCarResponseSchema.parse(off.json()).car).toMatchObject({
      available: false,
      retiredAt: null,
      ridesAhead: 1,
    });
    expect((await publicList()).find((service) => service._id === id)?.available).toBe(false);
    const [kept] = await db.select().from(appointments).where(eq(appointments.id, ride));
    expect(kept).toMatchObject({ serviceId: id, status: 'paid' });
    // The same again changes and records nothing.
    expectSuccess(await owner.post(`/api/admin/fleet/${id}/availability`, { available: false }));
    const on = await owner.post(`/api/admin/fleet/${id}/availability`, { available: true });
    expectSuccess(on, 'Honda Odyssey is on the road: customers can book it.');
    expect((await publicList()).find((service) => service._id === id)?.available).toBe(true);
    // Both at the test's one instant: in either order.
    const events = (await auditOf(id))
      .filter((e) => !earlier.has(e.id))
      .map((e) => [e.action, e.before, e.after]);
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        ['service.updated', { available: true }, { available: false }],
        ['service.updated', { available: false }, { available: true }],
      ]),
    );
  });

  it('refuses a bad availability with 400, an unknown car with 404, and changes nothing', async () => {
    const id = await serviceIdByName(db, 'Honda Odyssey');
    const before = await auditOf(id);
    for (const body of [{}, { available: 'no' }, { available: 1 }, { available: null }]) {
      expectFailure(
        await owner.post(`/api/admin/fleet/${id}/availability`, body),
        400,
        CAR_AVAILABLE_MESSAGE,
      );
    }
    const extra = await owner.post(`/api/admin/fleet/${id}/availability`, {
      available: false,
      name: 'x',
    });
    expect(extra.statusCode).toBe(400);
    expect(
      (await owner.post('/api/admin/fleet/not-a-car/availability', { available: false }))
        .statusCode,
    ).toBe(400);
    expectFailure(
      await owner.post(`/api/admin/fleet/${randomUUID()}/availability`, { available: false }),
      404,
      CAR_NOT_FOUND_MESSAGE,
    );
    expect(await auditOf(id)).toEqual(before);
  });

  it('retires a car: gone from the list and its page, its rides and history kept', async () => {
    const id = await serviceIdByName(db, 'Toyota Prius');
    const userId = await insertUser(db);
    const ride = await insertAppointment(db, {
      userId,
      serviceId: id,
      slotDate: '24_11_2026',
      slotTime: '9:00 AM',
      status: 'paid',
    });
    expect((await publicList()).some((service) => service._id === id)).toBe(true);

    const response = await owner.post(`/api/admin/fleet/${id}/retire-car`, {});
    expectSuccess(
      response,
      'Toyota Prius is retired: it is no longer on the site. It still has 1 ride ahead, kept as booked.',
    );
    expect(FleetCarResponseSchema.parse(response.json()).car).toMatchObject({
      retiredAt: NOW.toISOString(),
      available: false,
    });
    expect((await publicList()).some((service) => service._id === id)).toBe(false);
    expectFailure(await new Browser(app).get(`/api/service/${id}`), 404, 'Service not found');
    const [kept] = await db.select().from(appointments).where(eq(appointments.id, ride));
    expect(kept).toMatchObject({ serviceId: id, status: 'paid' });
    const [event] = await auditOf(id);
    expect(event).toMatchObject({
      action: 'service.retired',
      before: { retiredAt: null, available: true },
      after: { retiredAt: NOW.toISOString(), available: false },
    });
    // The owner still sees it, last.
    const { cars } = FleetResponseSchema.parse((await owner.get('/api/admin/fleet')).json());
    expect(cars.at(-1)).toMatchObject({ _id: id, retiredAt: NOW.toISOString() });

    expectFailure(
      await owner.post(`/api/admin/fleet/${id}/retire-car`, {}),
      409,
      CAR_ALREADY_RETIRED_MESSAGE,
    );
    const fields = inputOf(cars.at(-1) as FleetCar);
    expectFailure(
      await owner.post(`/api/admin/fleet/${id}/update-car`, fields),
      409,
      CAR_RETIRED_MESSAGE,
    );
    expectFailure(
      await owner.post(`/api/admin/fleet/${id}/availability`, { available: true }),
      409,
      CAR_RETIRED_MESSAGE,
    );
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('makes a photo WebP and AVIF at each width, without its metadata, served for a year', async () => {
    const id = await serviceIdByName(db, 'Kia Carnival');
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    await publicList();

    const response = await owner.request(
      {
        method: 'POST',
        url: `/api/admin/fleet/${id}/photo`,
        ...multipart([{ name: 'IMG_0001.jpg', type: 'image/jpeg', bytes: original }]),
      },
      { csrf: true },
    );
    expectSuccess(response, 'The photo of Kia Carnival is on the site.');
    const { photo } = FleetCarResponseSchema.parse(response.json()).car;
    if (!photo) throw new Error('the car has its photo');
    expect(photo).toMatchObject({ width: 1280, height: 800, widths: [320, 640, 960, 1280] });
    expect(photo.key).toMatch(/^[0-9a-f]{32}$/);

    const files = (await readdir(uploadsDir)).filter((file) => file.startsWith(photo.key)).sort();
    expect(files).toHaveLength(8);
    for (const file of files) {
      const metadata = await sharp(join(uploadsDir, file)).metadata();
      expect(metadata.format).toBe(file.endsWith('.avif') ? 'heif' : 'webp');
      expect(metadata.exif, file).toBeUndefined();
      expect(metadata.xmp, file).toBeUndefined();
      expect(metadata.iptc, file).toBeUndefined();
      expect(metadata.width).toBe(Number(/-(\d+)\./.exec(file)?.[1]));
    }

    // The site shows it at once, with a srcset; the files are served immutable.
    const listed = (await publicList()).find((service) => service._id === id);
    expect(listed?.image).toBe(`/uploads/${photo.key}-640`);
    expect(listed?.imageSrcSet).toBe(
      photo.widths.map((w) => `/uploads/${photo.key}-${w} ${w}w`).join(', '),
    );
    const visitor = new Browser(app);
    const avif = await visitor.request({
      method: 'GET',
      url: `/uploads/${photo.key}-640`,
      headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' },
    });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(avif.headers.vary).toBe('accept');
    const webp = await visitor.request({
      method: 'GET',
      url: `/uploads/${photo.key}-640`,
      headers: { accept: 'image/webp,*/*' },
    });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(640);
    const named = await visitor.get(`/uploads/${photo.key}-320.avif`);
    expect(named.headers['content-type']).toBe('image/avif');
    expectFailure(await visitor.get(`/uploads/${photo.key}-500`), 404);
    expectFailure(await visitor.get('/uploads/..%2F..%2Fetc%2Fpasswd'), 404);

    const [event] = await auditOf(id);
    expect(event).toMatchObject({
      action: 'service.updated',
      before: { photo: null },
      after: { photo },
    });
  });

  it('refuses what is not a photo, by its bytes, and stores nothing', async () => {
    const id = await serviceIdByName(db, 'Chevrolet Tahoe');
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer();
    const refusals: [Parameters<typeof multipart>[0], number, string][] = [
      [
        [{ name: 'car.jpg', type: 'image/jpeg', bytes: Buffer.from('<html>not a car</html>') }],
        415,
        PHOTO_NOT_AN_IMAGE_MESSAGE,
      ],
      [
        [
          {
            name: 'car.svg',
            type: 'image/svg+xml',
            bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
          },
        ],
        415,
        PHOTO_NOT_AN_IMAGE_MESSAGE,
      ],
      [
        [
          {
            name: 'car.gif',
            type: 'image/gif',
            bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
          },
        ],
        415,
        PHOTO_NOT_AN_IMAGE_MESSAGE,
      ],
      // A PNG's signature in front of anything else: read, and refused as unreadable.
      [
        [
          {
            name: 'car.png',
            type: 'image/png',
            bytes: Buffer.concat([png.subarray(0, 40), Buffer.alloc(20)]),
          },
        ],
        422,
        PHOTO_UNREADABLE_MESSAGE,
      ],
      [
        [{ name: 'bomb.png', type: 'image/png', bytes: pixelBomb(30_000) }],
        422,
        PHOTO_TOO_MANY_PIXELS_MESSAGE,
      ],
      [
        [{ name: 'huge.jpg', type: 'image/jpeg', bytes: Buffer.alloc(PHOTO_MAX_BYTES + 1, 0xff) }],
        413,
        PHOTO_TOO_LARGE_MESSAGE,
      ],
      [
        [
          { name: 'a.png', type: 'image/png', bytes: png },
          { name: 'b.png', type: 'image/png', bytes: png },
        ],
        413,
        PHOTO_ONE_FILE_MESSAGE,
      ],
    ];
    for (const [files, status, message] of refusals) {
      const response = await owner.request(
        { method: 'POST', url: `/api/admin/fleet/${id}/photo`, ...multipart(files) },
        { csrf: true },
      );
      expectFailure(response, status, message);
    }
    expectFailure(
      await owner.post(`/api/admin/fleet/${id}/photo`, { photo: 'x' }),
      415,
      PHOTO_NOT_MULTIPART_MESSAGE,
    );
    expect(await auditOf(id)).toEqual([]);

    // A name that lies the other way is no matter: a PNG named .jpg is read as the PNG it is.
    const lying = await owner.request(
      {
        method: 'POST',
        url: `/api/admin/fleet/${id}/photo`,
        ...multipart([{ name: 'holiday.jpg', type: 'image/jpeg', bytes: png }]),
      },
      { csrf: true },
    );
    expectSuccess(lying);
    expect(FleetCarResponseSchema.parse(lying.json()).car.photo).toMatchObject({
      width: 300,
      widths: [300],
    });
  });

  it('refuses a photo of an extreme shape with a clear 400, and never stores a side of zero', async () => {
    const id = await serviceIdByName(db, 'Toyota Camry');
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#888' } })
        .png()
        .toBuffer();
    const send = async (bytes: Buffer) =>
      owner.request(
        {
          method: 'POST',
          url: `/api/admin/fleet/${id}/photo`,
          ...multipart([{ name: 'car.png', type: 'image/png', bytes }]),
        },
        { csrf: true },
      );
    const before = await readdir(uploadsDir).catch(() => []);
    // A line of pixels, across or down: scaled to the site's widths, a side would be 0.
    for (const [width, height] of [
      [65_535, 1],
      [1, 65_535],
      [4_100, 1_000],
    ] as const) {
      expectFailure(await send(await png(width, height)), 400, PHOTO_SHAPE_MESSAGE);
    }
    expect(await auditOf(id)).toEqual([]);
    expect(await readdir(uploadsDir).catch(() => [])).toEqual(before);

    // As wide as the shape allows: every rendition has both sides, and so has the photo.
    const wide = await send(await png(4_000, 1_000));
    expectSuccess(wide);
    const { photo } = FleetCarResponseSchema.parse(wide.json()).car;
    expect(photo).toMatchObject({ width: 1280, height: 320, widths: [320, 640, 960, 1280] });
    for (const w of photo?.widths ?? []) {
      const metadata = await sharp(join(uploadsDir, `${photo?.key}-${w}.webp`)).metadata();
      expect(metadata.width).toBe(w);
      expect(metadata.height).toBe(w / 4);
    }
  });
});
