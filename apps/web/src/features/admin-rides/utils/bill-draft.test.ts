import { describe, expect, it } from 'vitest';
import { draftLinesOf, draftTotal, linesOfDraft, newDraftLine } from './bill-draft.ts';

describe("the owner's bill form", () => {
  const bill = {
    lines: [
      { kind: 'ride' as const, label: 'Ride, 1 h as booked', amountCents: 12000 },
      { kind: 'waiting' as const, label: 'Waiting', amountCents: 1050 },
    ],
  };
  it('holds amounts as dollars and sends them back as cents', () => {
    const draft = draftLinesOf(bill);
    expect(draft.map((line) => line.amount)).toEqual(['120.00', '10.50']);
    expect(linesOfDraft(draft)).toEqual(bill.lines);
  });
  it('adds a line to fill in, left out of the total until it is an amount', () => {
    const draft = [...draftLinesOf(bill), newDraftLine('toll')];
    expect(draft[2]).toMatchObject({ kind: 'toll', label: 'Toll', amount: '' });
    expect(draftTotal(draft)).toBe(13050);
    expect(Number.isNaN(linesOfDraft(draft)[2]?.amountCents)).toBe(true);
  });
});
