import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  PaymentsExportQuerySchema,
  type DriveTimesResponse,
  type NumbersResponse,
} from '@app/shared';
import { sendCsvDownload } from '../../http/csv-download.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { ownerActor } from '../audit/record-audit.ts';
import type { TravelSettingsSource } from '../travel-settings/travel-settings-source.ts';
import { driveTimes } from './drive-times.ts';
import { exportPayments } from './export-payments.ts';
import { summarizeNumbers } from './summarize-numbers.ts';

/**
 * The owner's numbers: this week and this month; the payments between two days for the
 * accountant; and the drive times against the estimate.
 */
export function registerNumbersRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    /** The offline estimate's settings in force, which the drive times are held against. */
    travel: TravelSettingsSource;
    now: () => Date;
  },
): void {
  app.get(
    '/api/admin/numbers',
    { config: { auth: 'owner' } },
    async (_request, reply): Promise<NumbersResponse> => {
      reply.header('cache-control', 'no-store');
      return { success: true, ...(await summarizeNumbers(deps.db, deps.now())) };
    },
  );

  app.get(
    '/api/admin/numbers/payments.csv',
    { config: { auth: 'owner' } },
    async (request, reply) => {
      const query = PaymentsExportQuerySchema.parse(request.query);
      const actor = await ownerActor(deps.db, signedInUser(request).id);
      const csv = await exportPayments(deps.db, query, { actor, now: deps.now() });
      return sendCsvDownload(reply, `payments-${query.from}-to-${query.to}.csv`, csv);
    },
  );

  app.get(
    '/api/admin/numbers/drive-times',
    { config: { auth: 'owner' } },
    async (_request, reply): Promise<DriveTimesResponse> => {
      reply.header('cache-control', 'no-store');
      return {
        success: true,
        ...(await driveTimes(deps.db, await deps.travel.read(), deps.now())),
      };
    },
  );
}
