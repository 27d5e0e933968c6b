import {
  ENTERED_LINE_KINDS,
  type BillLine,
  type BillLineKind,
  type BillView,
  type EnteredLineKind,
} from '@app/shared';
import { centsOfDollars, dollarsOfCents } from '../../../lib/money.ts';

/** A line as the owner's form holds it: the amount as typed. */
export interface DraftLine {
  /** Stable across edits, for React's keys and the fields' ids. */
  key: string;
  kind: BillLineKind;
  label: string;
  amount: string;
}

/** The words a new line starts with. */
export const NEW_LINE_LABELS: Record<EnteredLineKind, string> = {
  toll: 'Toll',
  parking: 'Parking',
  adjustment: 'Adjustment',
};

let nextKey = 0;
const newKey = () => `line-${++nextKey}`;

export const isEntered = (kind: BillLineKind): kind is EnteredLineKind =>
  (ENTERED_LINE_KINDS as readonly string[]).includes(kind);

export function draftLinesOf(bill: Pick<BillView, 'lines'>): DraftLine[] {
  return bill.lines.map((line) => ({
    key: newKey(),
    kind: line.kind,
    label: line.label,
    amount: dollarsOfCents(line.amountCents),
  }));
}

export function newDraftLine(kind: EnteredLineKind): DraftLine {
  return { key: newKey(), kind, label: NEW_LINE_LABELS[kind], amount: '' };
}

/** The lines to send: amounts in cents (NaN when not an amount, for the schema to word). */
export function linesOfDraft(lines: readonly DraftLine[]): BillLine[] {
  return lines.map((line) => ({
    kind: line.kind,
    label: line.label,
    amountCents: centsOfDollars(line.amount),
  }));
}

/** The draft's sum so far, the lines not yet amounts left out. */
export function draftTotal(lines: readonly DraftLine[]): number {
  return linesOfDraft(lines).reduce(
    (sum, line) => sum + (Number.isNaN(line.amountCents) ? 0 : line.amountCents),
    0,
  );
}
