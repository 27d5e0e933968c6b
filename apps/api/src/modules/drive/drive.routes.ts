import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  ChauffeurBillLineSchema,
  MESSAGES,
  PositionSchema,
  RideIdParamsSchema,
  TripTapSchema,
  TripUndoSchema,
  type DriveRideResponse,
  type DriveRidesResponse,
} from '@app/shared';
import type { RateLimit } from '../../config/env.ts';
import { AppError } from '../../errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import type { AppointmentChanges } from '../appointments/appointment-changes.ts';
import { NO_SUCH_RIDE_MESSAGE } from '../appointments/ride-state.ts';
import { ownerActor } from '../audit/record-audit.ts';
import { driveRides } from './drive-rides.ts';
import { addRoadCost } from './road-costs.ts';
import { reportPosition, tapTrip, undoTap } from './trip-taps.ts';

/**
 * Taps, position reports and tolls per chauffeur: a report every 30 s and a few taps a ride are far
 * below it; a stuck loop or a stolen session is not.
 */
export const DRIVE_REQUESTS_PER_USER: RateLimit = { max: 240, windowMs: 60 * 60_000 };

export interface DriveRouteDeps {
  db: Database;
  limiter: Limiter;
  /** How every change of an appointment is made and told (`appointment-changes.ts`). */
  changes: AppointmentChanges;
  /** A ride's live trip page (`modules/trips`), for the messages of the taps. */
  tripUrl: (rideId: string) => string;
  now: () => Date;
}

/**
 * A chauffeur's day sheet and their ride's button: only the rides they drive (anyone else's is
 * 404), for any staff session past the second factor (an owner who drives too).
 */
export function registerDriveRoutes(app: FastifyInstance, deps: DriveRouteDeps): void {
  const { db, now } = deps;
  const staff = { config: { auth: 'staff' as const } };
  const count = (userId: string) =>
    deps.limiter.consume(
      rateLimitKeys.driveByUser(userId),
      DRIVE_REQUESTS_PER_USER,
      MESSAGES.tooManyRequests,
    );
  const rideAnswer = async (id: string, chauffeurId: string): Promise<DriveRideResponse> => {
    const [ride] = await driveRides(db, chauffeurId, now(), { id });
    if (!ride) throw AppError.notFound(NO_SUCH_RIDE_MESSAGE);
    return { success: true, ride };
  };

  app.get('/api/drive/rides', staff, async (request, reply): Promise<DriveRidesResponse> => {
    reply.header('cache-control', 'no-store');
    const at = now();
    const rides = await driveRides(db, signedInUser(request).id, at);
    return { success: true, rides, readAt: at.toISOString() };
  });

  app.post('/api/drive/rides/:id/status', staff, async (request): Promise<DriveRideResponse> => {
    const { id } = RideIdParamsSchema.parse(request.params);
    const tap = TripTapSchema.parse(request.body);
    const me = signedInUser(request).id;
    await count(me);
    const actor = await ownerActor(db, me);
    await tapTrip(deps.changes, {
      id,
      chauffeurId: me,
      actor,
      ...tap,
      tripUrl: deps.tripUrl(id),
      now: now(),
    });
    return rideAnswer(id, me);
  });

  app.post('/api/drive/rides/:id/undo', staff, async (request): Promise<DriveRideResponse> => {
    const { id } = RideIdParamsSchema.parse(request.params);
    const { status } = TripUndoSchema.parse(request.body);
    const me = signedInUser(request).id;
    await count(me);
    const actor = await ownerActor(db, me);
    await undoTap(deps.changes, { id, chauffeurId: me, actor, status, now: now() });
    return rideAnswer(id, me);
  });

  // A toll or parking paid on the road, onto the done ride's drafted bill (`modules/bills`).
  app.post(
    '/api/drive/rides/:id/bill-lines',
    staff,
    async (request): Promise<DriveRideResponse> => {
      const { id } = RideIdParamsSchema.parse(request.params);
      const line = ChauffeurBillLineSchema.parse(request.body);
      const me = signedInUser(request).id;
      await count(me);
      const actor = await ownerActor(db, me);
      await addRoadCost(db, { id, chauffeurId: me, line, actor, now: now() });
      return rideAnswer(id, me);
    },
  );

  app.post('/api/drive/rides/:id/position', staff, async (request) => {
    const { id } = RideIdParamsSchema.parse(request.params);
    const position = PositionSchema.parse(request.body);
    const me = signedInUser(request).id;
    await count(me);
    await reportPosition(db, { id, chauffeurId: me, position, now: now() });
    return { success: true as const };
  });
}
