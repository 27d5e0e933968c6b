import type { Database } from '@app/db';
import {
  BILL_LINES_MAX,
  chauffeurLineLabel,
  type BillLine,
  type ChauffeurLineKind,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { lockDraftBill, replaceBillLines } from './adjust-bill.ts';

export const BILL_FULL_MESSAGE = `This bill has its ${BILL_LINES_MAX} lines: ask the owner to add this one.`;

/**
 * A toll or parking the ride's chauffeur paid, added to its drafted bill (issue 31: "tolls and
 * parking entered by the owner or chauffeur"), in the caller's transaction (`drive/` checks the
 * ride is theirs): appended to the lines as they are (`replaceBillLines` bumps the version, so
 * an owner's form opened before is refused, and audits it like the owner's change). Only while
 * the bill is a draft.
 */
export async function addBillLine(
  tx: Database,
  input: {
    appointmentId: string;
    kind: ChauffeurLineKind;
    amountCents: number;
    note?: string | undefined;
    actor: AuditActor;
    now: Date;
  },
): Promise<void> {
  const bill = await lockDraftBill(tx, input.appointmentId);
  // The owner's form refuses more: a bill the owner could no longer save is not made here.
  if (bill.lines.length >= BILL_LINES_MAX) throw AppError.conflict(BILL_FULL_MESSAGE);
  const line: BillLine = {
    kind: input.kind,
    label: chauffeurLineLabel(input.kind, input.note),
    amountCents: input.amountCents,
  };
  await replaceBillLines(tx, bill, { ...input, lines: [...bill.lines, line] });
}
