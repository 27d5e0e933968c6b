import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  CancelRideSchema,
  RideFiltersSchema,
  RideIdParamsSchema,
  RideListQuerySchema,
  type RideListResponse,
  type RideResponse,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import type { OnAppointmentChanged } from '../appointments/status.ts';
import { ownerActor } from '../audit/record-audit.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { cancelRide } from './cancel-ride.ts';
import { exportRides } from './export-rides.ts';
import { findRide, newYorkToday } from './find-rides.ts';
import { finishRide } from './finish-ride.ts';
import { listRides } from './list-rides.ts';
import { RIDE_NOT_FOUND_MESSAGE } from './ride-state.ts';

export interface RideRouteDeps {
  db: Database;
  payments: PaymentProvider;
  recordMessages: RecordMessages;
  onAppointmentChanged: OnAppointmentChanged;
  now: () => Date;
}

/** The owner's rides: the board, the export, one ride, and completing, no-show and cancelling. */
export function registerRideRoutes(app: FastifyInstance, deps: RideRouteDeps): void {
  const { db, now } = deps;
  const owner = { config: { auth: 'owner' as const } };

  const rideAnswer = async (id: string, message?: string): Promise<RideResponse> => {
    const ride = await findRide(db, id);
    if (!ride) throw AppError.notFound(RIDE_NOT_FOUND_MESSAGE);
    return { success: true, ...(message ? { message } : {}), ride };
  };

  app.get('/api/admin/rides', owner, async (request, reply): Promise<RideListResponse> => {
    const query = RideListQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return { success: true, ...(await listRides(db, query, now())) };
  });

  app.get('/api/admin/rides/export.csv', owner, async (request, reply) => {
    const filters = RideFiltersSchema.parse(request.query);
    const csv = await exportRides(db, filters, now());
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="rides-${filters.from ?? newYorkToday(now())}.csv"`,
      )
      .send(csv);
  });

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
      const change = await finishRide(db, deps, { id, actor, to, now: now() });
      deps.onAppointmentChanged(change);
      return rideAnswer(id, message);
    };
  app.post('/api/admin/rides/:id/complete', owner, finish('completed', 'Ride marked completed.'));
  app.post('/api/admin/rides/:id/no-show', owner, finish('no_show', 'Ride marked as a no-show.'));

  app.post('/api/admin/rides/:id/cancel', owner, async (request): Promise<RideResponse> => {
    const { id } = RideIdParamsSchema.parse(request.params);
    const input = CancelRideSchema.parse(request.body);
    const actor = await ownerActor(db, signedInUser(request).id);
    const { change, refundId } = await cancelRide(
      db,
      { payments: deps.payments, recordMessages: deps.recordMessages, log: request.log },
      { id, actor, ...input, now: now() },
    );
    // The slot is free again: the service list shows it at once.
    deps.onAppointmentChanged(change);
    return rideAnswer(
      id,
      refundId ? 'Ride cancelled. The deposit is being refunded.' : 'Ride cancelled.',
    );
  });
}
