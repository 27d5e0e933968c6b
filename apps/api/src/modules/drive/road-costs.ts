import { and, eq } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import type { ChauffeurBillLineRequest } from '@app/shared';
import { AppError } from '../../errors.ts';
import { NO_SUCH_RIDE_MESSAGE } from '../appointments/ride-state.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { addBillLine } from '../bills/add-bill-line.ts';

/**
 * A toll or parking the chauffeur paid on the road, onto their done ride's drafted bill
 * (`bills/add-bill-line.ts`), in one transaction with the ride locked: only the ride they drive
 * (anyone else's is 404, as for the taps), even as the owner gives it to someone else.
 */
export function addRoadCost(
  db: Database,
  input: {
    id: string;
    chauffeurId: string;
    line: ChauffeurBillLineRequest;
    actor: AuditActor;
    now: Date;
  },
): Promise<void> {
  return db.transaction(async (tx) => {
    const [ride] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.id, input.id), eq(appointments.chauffeurId, input.chauffeurId)))
      .for('update');
    if (!ride) throw AppError.notFound(NO_SUCH_RIDE_MESSAGE);
    await addBillLine(tx, {
      appointmentId: input.id,
      ...input.line,
      actor: input.actor,
      now: input.now,
    });
  });
}
