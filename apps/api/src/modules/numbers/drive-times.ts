import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appointments, services, tripEvents, type Database } from '@app/db';
import {
  DRIVE_TIMES_DAYS,
  DRIVE_TIMES_RECENT,
  type DriveTimesResponse,
  type TravelSettingsState,
} from '@app/shared';
import { calibrate, type DrivenRide } from '../../travel/calibration.ts';
import { driveBandAt, type TravelSettings } from '../../travel/drive-speed.ts';
import { loadGazetteer } from '../../travel/gazetteer.ts';
import { locatePlace } from '../../travel/locate-place.ts';
import { offlineEstimate } from '../../travel/offline-travel-time.ts';

const DAY_MS = 86_400_000;

/**
 * The offline estimate against the real drives of the last `DRIVE_TIMES_DAYS` (issue 29): each
 * completed ride whose chauffeur's "Passenger on board" and "Dropped off" stand (a minute or
 * more apart), estimated from its addresses at the moment it left with the settings now in
 * force (the owner's, else `TRAVEL_*`), then summed up by the kind of hour
 * (`travel/calibration.ts`). Only the offline estimate: it is what the settings tune, and
 * Google's answers may not be kept or compared at leisure. `state` goes back for the form.
 */
export async function driveTimes(
  db: Database,
  { settings, state }: { settings: TravelSettings; state: TravelSettingsState },
  now: Date,
): Promise<Omit<DriveTimesResponse, 'success'>> {
  const onBoard = alias(tripEvents, 'on_board');
  const droppedOff = alias(tripEvents, 'dropped_off');
  const rows = await db
    .select({
      id: appointments.id,
      carName: services.name,
      pickupAddress: appointments.pickupAddress,
      dropoffAddress: appointments.dropoffAddress,
      onBoardAt: onBoard.at,
      droppedOffAt: droppedOff.at,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(
      onBoard,
      and(
        eq(onBoard.appointmentId, appointments.id),
        eq(onBoard.status, 'on_board'),
        isNull(onBoard.undoneAt),
      ),
    )
    .innerJoin(
      droppedOff,
      and(
        eq(droppedOff.appointmentId, appointments.id),
        eq(droppedOff.status, 'dropped_off'),
        isNull(droppedOff.undoneAt),
      ),
    )
    .where(
      and(
        eq(appointments.status, 'completed'),
        gte(droppedOff.at, new Date(now.getTime() - DRIVE_TIMES_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(onBoard.at));

  const gazetteer = await loadGazetteer();
  const measured: (DrivenRide & (typeof rows)[number])[] = [];
  let unplaced = 0;
  for (const row of rows) {
    const realMinutes = (row.droppedOffAt.getTime() - row.onBoardAt.getTime()) / 60_000;
    // Taps a moment apart (a chauffeur catching up on the sheet) measured no drive.
    if (realMinutes < 1) continue;
    const from = locatePlace({ address: row.pickupAddress }, gazetteer);
    const to = from && locatePlace({ address: row.dropoffAddress }, gazetteer);
    if (!from || !to) {
      unplaced++;
      continue;
    }
    measured.push({
      ...row,
      band: driveBandAt(row.onBoardAt, settings),
      estimatedMinutes: offlineEstimate(from, to, row.onBoardAt, settings).minutes,
      realMinutes,
    });
  }
  return {
    bands: calibrate(measured, settings),
    recent: measured.slice(0, DRIVE_TIMES_RECENT).map((ride) => ({
      id: ride.id,
      onBoardAt: ride.onBoardAt.toISOString(),
      carName: ride.carName,
      pickupAddress: ride.pickupAddress,
      dropoffAddress: ride.dropoffAddress,
      band: ride.band,
      estimatedMinutes: ride.estimatedMinutes,
      realMinutes: Math.round(ride.realMinutes),
    })),
    unplaced,
    settings: state,
  };
}
