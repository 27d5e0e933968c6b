import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  AssignChauffeurSchema,
  CancelRideSchema,
  EditRideSchema,
  MoveRideSchema,
  RideFiltersSchema,
  RideIdParamsSchema,
  RideListQuerySchema,
  TodayQuerySchema,
  type DriversResponse,
  type LegacyOverlapsResponse,
  type RideListResponse,
  type RideResponse,
  type TodayResponse,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import { sendCsvDownload } from '../../http/csv-download.ts';
import { signedInUser } from '../../plugins/auth.ts';
import type { AppointmentChanges } from '../appointments/appointment-changes.ts';
import { cancelRide } from '../appointments/cancel-ride.ts';
import { assignChauffeur } from '../appointments/chauffeur-assignment.ts';
import { editRide } from '../appointments/edit-ride.ts';
import { finishRide } from '../appointments/finish-ride.ts';
import { moveRide } from '../appointments/move-ride.ts';
import type { TravelSettingsSource } from '../travel-settings/travel-settings-source.ts';
import { reopenRide } from '../appointments/reopen-ride.ts';
import { NO_SUCH_RIDE_MESSAGE } from '../appointments/ride-state.ts';
import { ownerActor } from '../audit/record-audit.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { listDrivers } from './list-drivers.ts';
import { exportRides } from './export-rides.ts';
import { findRide, newYorkToday } from './find-rides.ts';
import { legacyOverlaps } from './legacy-overlaps.ts';
import { listRides } from './list-rides.ts';
import { today } from './today.ts';

export interface RideRouteDeps {
  db: Database;
  /** Through which a refund decided on cancelling is issued. */
  payments: PaymentProvider;
  /** How every change of an appointment is made and told (`appointment-changes.ts`). */
  changes: AppointmentChanges;
  /** The offline estimate's settings in force, read per request: a move must reach its neighbours (ADR 020). */
  travel: TravelSettingsSource;
  /** How long before pickup Today flags a chauffeur who has not tapped "On my way". */
  chauffeurLateMinutes: number;
  now: () => Date;
}

/**
 * The owner's rides: the day (Today), the board, the export, one ride, and the board's buttons
 * (moving, correcting details, completing, no-show and undoing them, cancelling, who drives it),
 * whose changes are `modules/appointments`' transitions.
 */
export function registerRideRoutes(app: FastifyInstance, deps: RideRouteDeps): void {
  const { db, now } = deps;
  const owner = { config: { auth: 'owner' as const } };

  const rideAnswer = async (id: string, message?: string): Promise<RideResponse> => {
    const ride = await findRide(db, id);
    if (!ride) throw AppError.notFound(NO_SUCH_RIDE_MESSAGE);
    return { success: true, ...(message ? { message } : {}), ride };
  };

  app.get('/api/admin/rides', owner, async (request, reply): Promise<RideListResponse> => {
    const query = RideListQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return { success: true, ...(await listRides(db, query, now())) };
  });

  // The console's first screen: the day's rides and what needs the owner now.
  app.get('/api/admin/today', owner, async (request, reply): Promise<TodayResponse> => {
    const query = TodayQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return { success: true, ...(await today(db, query, now(), deps.chauffeurLateMinutes)) };
  });

  app.get('/api/admin/rides/export.csv', owner, async (request, reply) => {
    const filters = RideFiltersSchema.parse(request.query);
    const actor = await ownerActor(db, signedInUser(request).id);
    const csv = await exportRides(db, filters, { actor, now: now() });
    return sendCsvDownload(reply, `rides-${filters.from ?? newYorkToday(now())}.csv`, csv);
  });

  app.get(
    '/api/admin/rides/legacy-overlaps',
    owner,
    async (_request, reply): Promise<LegacyOverlapsResponse> => {
      reply.header('cache-control', 'no-store');
      return { success: true, rides: await legacyOverlaps(db, now()) };
    },
  );

  app.get('/api/admin/rides/:id', owner, async (request, reply): Promise<RideResponse> => {
    const { id } = RideIdParamsSchema.parse(request.params);
    reply.header('cache-control', 'no-store');
    return rideAnswer(id);
  });

  const finish =
    (to: 'completed' | 'no_show', message: string) =>
    async (
      request: { params: unknown } & Parameters<typeof signedInUser>[0],
    ): Promise<RideResponse> => {
      const { id } = RideIdParamsSchema.parse(request.params);
      const actor = await ownerActor(db, signedInUser(request).id);
      await finishRide(deps.changes, { id, actor, to, now: now() });
      return rideAnswer(id, message);
    };
  app.post('/api/admin/rides/:id/complete', owner, finish('completed', 'Ride marked completed.'));
  app.post('/api/admin/rides/:id/no-show', owner, finish('no_show', 'Ride marked as a no-show.'));
  app.post('/api/admin/rides/:id/reopen', owner, async (request): Promise<RideResponse> => {
    const { id } = RideIdParamsSchema.parse(request.params);
    const actor = await ownerActor(db, signedInUser(request).id);
    await reopenRide(deps.changes, { id, actor, now: now() });
    return rideAnswer(id, 'Undone: the ride is booked and paid again.');
  });

  app.post('/api/admin/rides/:id/move', owner, async (request): Promise<RideResponse> => {
    const { id } = RideIdParamsSchema.parse(request.params);
    const input = MoveRideSchema.parse(request.body);
    const actor = await ownerActor(db, signedInUser(request).id);
    const { note } = await moveRide(deps.changes, {
      id,
      actor,
      request: input,
      now: now(),
      travel: await deps.travel.current(),
    });
    return rideAnswer(
      id,
      note ? `Ride moved. The customer is told. ${note}` : 'Ride moved. The customer is told.',
    );
  });

  app.post('/api/admin/rides/:id/details', owner, async (request): Promise<RideResponse> => {
    const { id } = RideIdParamsSchema.parse(request.params);
    const input = EditRideSchema.parse(request.body);
    const actor = await ownerActor(db, signedInUser(request).id);
    await editRide(deps.changes, { id, actor, request: input, now: now() });
    return rideAnswer(id, 'Ride details corrected. The customer is told.');
  });

  app.get('/api/admin/drivers', owner, async (_request, reply): Promise<DriversResponse> => {
    reply.header('cache-control', 'no-store');
    return { success: true, drivers: await listDrivers(db) };
  });

  app.post('/api/admin/rides/:id/chauffeur', owner, async (request): Promise<RideResponse> => {
    const { id } = RideIdParamsSchema.parse(request.params);
    const { chauffeurId } = AssignChauffeurSchema.parse(request.body);
    const actor = await ownerActor(db, signedInUser(request).id);
    await assignChauffeur(deps.changes, { id, chauffeurId, actor, now: now() });
    return rideAnswer(id, chauffeurId ? 'Chauffeur assigned.' : 'Nobody drives this ride now.');
  });

  app.post('/api/admin/rides/:id/cancel', owner, async (request): Promise<RideResponse> => {
    const { id } = RideIdParamsSchema.parse(request.params);
    const input = CancelRideSchema.parse(request.body);
    const actor = await ownerActor(db, signedInUser(request).id);
    // The slot is free again: the service list shows it at once (told after the commit).
    const refundId = await cancelRide(
      deps.changes,
      { db, payments: deps.payments, log: request.log },
      { id, actor, ...input, now: now() },
    );
    return rideAnswer(
      id,
      refundId ? 'Ride cancelled. The deposit is being refunded.' : 'Ride cancelled.',
    );
  });
}
