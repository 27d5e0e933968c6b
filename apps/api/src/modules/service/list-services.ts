import { asc, isNull } from 'drizzle-orm';
import { ratesOf, services, turnaroundsOf, type Database } from '@app/db';
import {
  addDays,
  businessToday,
  fallbackPhotoWidth,
  lastBookableDay,
  midnightOf,
  photoSrcSet,
  photoUrl,
  type CarMake,
  type Service,
} from '@app/shared';
import { occupiedSlots } from '../appointments/occupied-slots.ts';

type ServiceRow = typeof services.$inferSelect;

/**
 * Maps a row to the contract's JSON shape (`ServiceSchema`): `_id`, model as `type`, money in
 * dollars, and the uploaded photo (with its `srcset`) in place of the artwork once there is one.
 */
export function toServiceJson(row: ServiceRow, slotsBooked: Service['slots_booked']): Service {
  const { photo } = row;
  // `fees` stands apart from the other rates, where the contract's JSON has always had it.
  const { fees, ...rates } = ratesOf(row);
  return {
    _id: row.id,
    name: row.name,
    serviceLevel: row.serviceLevel,
    type: row.model as CarMake,
    image: photo ? photoUrl(photo, fallbackPhotoWidth(photo)) : row.image,
    ...(photo ? { imageSrcSet: photoSrcSet(photo) } : {}),
    about: row.about,
    address: row.address,
    available: row.available,
    fees,
    availableServiceTypes: row.serviceTypes,
    slots_booked: slotsBooked,
    ...rates,
    seats: row.seats,
    bags: row.bags,
    turnaroundMinutes: turnaroundsOf(row),
  };
}

/**
 * Every service on the site (not retired) in catalogue order, each with the half-hour labels its
 * time is taken at from today (New York) on: by paid bookings and holds still running, over their
 * whole stretch, and by the owner's blocks, as time labels by `d_m_yyyy`, never who or why.
 */
export async function listServices(db: Database, now: Date): Promise<Service[]> {
  const from = midnightOf(businessToday(now));
  const until = midnightOf(addDays(lastBookableDay(now), 1));
  const [rows, occupied] = await Promise.all([
    db
      .select()
      .from(services)
      .where(isNull(services.retiredAt))
      .orderBy(asc(services.position), asc(services.createdAt)),
    occupiedSlots(db, { from, until, now }),
  ]);
  return rows.map((row) => toServiceJson(row, occupied.get(row.id) ?? {}));
}
