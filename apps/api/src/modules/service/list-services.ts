import { and, asc, eq, gt, gte, isNull, or } from 'drizzle-orm';
import { appointments, services, type Database } from '@app/db';
import {
  businessToday,
  fallbackPhotoWidth,
  instantFromWallClock,
  lastBookableDay,
  photoSrcSet,
  photoUrl,
  type CarModel,
  type Service,
} from '@app/shared';
import { listBlockedSlots } from './list-blocked-slots.ts';

type ServiceRow = typeof services.$inferSelect;

const dollars = (cents: number) => cents / 100;

/**
 * Maps a row to the contract's JSON shape (`ServiceSchema`): `_id`, model as `type`, money in
 * dollars, and the uploaded photo (with its `srcset`) in place of the artwork once there is one.
 */
export function toServiceJson(row: ServiceRow, slotsBooked: Service['slots_booked']): Service {
  const { photo } = row;
  return {
    _id: row.id,
    name: row.name,
    serviceLevel: row.serviceLevel,
    type: row.model as CarModel,
    image: photo ? photoUrl(photo, fallbackPhotoWidth(photo)) : row.image,
    ...(photo ? { imageSrcSet: photoSrcSet(photo) } : {}),
    about: row.about,
    address: row.address,
    available: row.available,
    fees: dollars(row.feesCents),
    availableServiceTypes: row.serviceTypes,
    slots_booked: slotsBooked,
    specialServicePricePerHour: dollars(row.specialPricePerHourCents),
    specialServicePriceBetweenOneHourFifteen: dollars(row.specialPriceOneHourFifteenCents),
    specialServicePriceExtra: dollars(row.specialPriceExtraCents),
    specialServicePriceFlatRate: dollars(row.specialPriceFlatRateCents),
    serviceChargePerHour: dollars(row.serviceChargePerHourCents),
    rentalDailyPrice: dollars(row.rentalDailyCents),
    rentalWeeklyPrice: dollars(row.rentalWeeklyCents),
    seats: row.seats,
    bags: row.bags,
  };
}

/**
 * Every service on the site (not retired) in catalogue order, each with the slots taken from
 * today (New York) on: paid and still-held alike, and those the owner blocked, as time labels
 * by `d_m_yyyy`, never who took them or why.
 */
export async function listServices(db: Database, now: Date): Promise<Service[]> {
  const startOfToday = instantFromWallClock({ ...businessToday(now), hour: 0, minute: 0 }) ?? now;
  const last = lastBookableDay(now);
  const endOfWindow =
    instantFromWallClock({ ...last, hour: 23, minute: 30 }) ??
    new Date(now.getTime() + 91 * 86_400_000);
  const [rows, taken, blocked] = await Promise.all([
    db
      .select()
      .from(services)
      .where(isNull(services.retiredAt))
      .orderBy(asc(services.position), asc(services.createdAt)),
    db
      .select({
        serviceId: appointments.serviceId,
        slotDate: appointments.slotDate,
        slotTime: appointments.slotTime,
      })
      .from(appointments)
      .where(
        and(
          gte(appointments.slotStart, startOfToday),
          // A hold past its time no longer takes the slot, even before the sweep releases it.
          or(
            eq(appointments.status, 'paid'),
            and(eq(appointments.status, 'pending_payment'), gt(appointments.holdExpiresAt, now)),
          ),
        ),
      )
      .orderBy(asc(appointments.slotStart)),
    listBlockedSlots(db, startOfToday, endOfWindow),
  ]);

  const booked = new Map<string, Record<string, string[]>>();
  for (const slot of [...taken, ...blocked]) {
    const byDate = booked.get(slot.serviceId) ?? {};
    const times = (byDate[slot.slotDate] ??= []);
    if (!times.includes(slot.slotTime)) times.push(slot.slotTime);
    booked.set(slot.serviceId, byDate);
  }
  return rows.map((row) => toServiceJson(row, booked.get(row.id) ?? {}));
}
