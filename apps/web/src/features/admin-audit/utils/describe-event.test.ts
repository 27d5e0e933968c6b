import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEvent } from '@app/shared';
import {
  ACTION_LABELS,
  changesOf,
  describeEvent,
  sentenceOf,
  valueInWords,
} from './describe-event.ts';

const NOW = new Date('2026-11-28T15:00:00Z');
const RIDE = '3f2b9c1e-5d4a-4b6c-8e7f-0123456789ab';
const CAR = '0c6a8e2d-1111-4222-8333-444455556666';

const event = (fields: Partial<AuditEvent> & Pick<AuditEvent, 'action'>): AuditEvent => ({
  id: '9a9a9a9a-0000-4000-8000-000000000000',
  at: '2026-11-27T20:05:00.000Z',
  actor: { userId: 'aaaaaaaa-0000-4000-8000-000000000000', label: 'olive@example.com' },
  serviceId: null,
  carName: null,
  appointmentId: null,
  bookingReference: null,
  before: null,
  after: null,
  ...fields,
});
const CLI = { userId: null, label: 'cli' };

describe('describing audit events', () => {
  it('names every action the trail can hold, each differently', () => {
    const labels = AUDIT_ACTIONS.map((action) => ACTION_LABELS[action]);
    expect(labels.every((label) => label.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
  });

  it("says what a bill's change did: the line added, or the total before and after", () => {
    const ride = { label: 'Airport Transfer, Tesla Model S', amountCents: 12000, kind: 'ride' };
    const toll = { label: 'Toll: Mass Pike', amountCents: 1250, kind: 'toll' };
    const adjusted = (before: unknown, after: unknown) =>
      sentenceOf(
        event({
          action: 'bill.adjusted',
          actor: { userId: 'bbbbbbbb-0000-4000-8000-000000000000', label: 'sam@example.com' },
          bookingReference: 'NR-7Q2K',
          before: { lines: before },
          after: { lines: after },
        }),
        NOW,
      );
    expect(adjusted([ride], [ride, toll])).toBe(
      'sam@example.com added “Toll: Mass Pike”, $12.50, to the bill of ride NR-7Q2K.',
    );
    expect(adjusted([ride, toll], [{ ...ride, amountCents: 10000 }, toll])).toBe(
      'sam@example.com adjusted the bill of ride NR-7Q2K from $132.50 to $112.50.',
    );
    expect(adjusted('spoiled', [ride])).toBe('sam@example.com adjusted the bill of ride NR-7Q2K.');
  });

  it('says every action as a sentence, whatever its before and after hold', () => {
    for (const action of AUDIT_ACTIONS) {
      const sentence = sentenceOf(event({ action }), NOW);
      expect(sentence, action).toMatch(/^\S.*\.$/);
      expect(sentence, action).not.toMatch(/undefined|null|\{|\[object/);
    }
  });

  it('names whose account an owner change concerns', () => {
    expect(
      sentenceOf(
        event({
          action: 'owner.removed',
          actor: CLI,
          before: { email: 'ann@example.com', role: 'owner' },
          after: { email: 'ann@example.com', role: 'customer' },
        }),
        NOW,
      ),
    ).toBe(
      'The command line removed ann@example.com as an owner: the account is a customer again.',
    );
    expect(
      sentenceOf(
        event({
          action: 'owner.added',
          actor: CLI,
          after: { email: 'bo@example.com', role: 'owner' },
        }),
        NOW,
      ),
    ).toBe('The command line made bo@example.com an owner (a new account).');
  });

  it('names the ride by its booking reference and its car', () => {
    const ride = {
      appointmentId: RIDE,
      bookingReference: '3F2B-9C1E',
      serviceId: CAR,
      carName: 'Tesla Model S',
    };
    expect(
      sentenceOf(
        event({
          action: 'appointment.cancelled',
          ...ride,
          before: { status: 'paid' },
          after: {
            status: 'cancelled',
            cancelReason: 'Flat tyre',
            refund: 'full',
            refundCents: 6600,
          },
        }),
        NOW,
      ),
    ).toBe('olive@example.com cancelled ride 3F2B-9C1E (Tesla Model S), giving back $66.00.');
    expect(
      sentenceOf(
        event({
          action: 'appointment.rescheduled',
          ...ride,
          before: { slotDate: '27_11_2026', slotTime: '3:00 PM' },
          after: { slotDate: '28_11_2026', slotTime: '9:30 AM' },
        }),
        NOW,
      ),
    ).toBe(
      'olive@example.com moved ride 3F2B-9C1E (Tesla Model S) from Nov 27, 2026, 3:00 PM to Nov 28, 2026, 9:30 AM.',
    );
    expect(
      sentenceOf(
        event({
          action: 'refund.requested',
          ...ride,
          after: { refundId: 'r1', amountCents: 6600 },
        }),
        NOW,
      ),
    ).toBe('olive@example.com refunded $66.00 to the card for ride 3F2B-9C1E (Tesla Model S).');
    expect(
      sentenceOf(
        event({
          action: 'service.updated',
          serviceId: CAR,
          carName: 'Kia EV9',
          before: { available: true },
          after: { available: false },
        }),
        NOW,
      ),
    ).toBe('olive@example.com took Kia EV9 off the road: it cannot be booked.');
    expect(
      sentenceOf(
        event({
          action: 'block.created',
          serviceId: CAR,
          carName: 'Kia EV9',
          after: { startsAt: '2026-11-27T20:00:00.000Z', endsAt: '2026-11-27T22:00:00.000Z' },
        }),
        NOW,
      ),
    ).toBe('olive@example.com blocked Kia EV9 from Nov 27, 3:00 PM to Nov 27, 5:00 PM.');
  });

  it('says the owner’s changes of a ride: another car, corrected details, an undone marking', () => {
    const ride = {
      appointmentId: RIDE,
      bookingReference: '3F2B-9C1E',
      serviceId: CAR,
      carName: 'Chevrolet Suburban',
    };
    expect(
      sentenceOf(
        event({
          action: 'appointment.rescheduled',
          ...ride,
          before: { slotDate: '1_12_2026', slotTime: '9:00 AM', car: 'Tesla Model S' },
          after: {
            slotDate: '1_12_2026',
            slotTime: '9:00 AM',
            car: 'Chevrolet Suburban',
            reason: 'The Tesla needs a repair.',
          },
        }),
        NOW,
      ),
    ).toBe(
      'olive@example.com moved ride 3F2B-9C1E (Chevrolet Suburban) from Dec 1, 2026, 9:00 AM to Dec 1, 2026, 9:00 AM, from the Tesla Model S to the Chevrolet Suburban.',
    );
    const corrected = event({
      action: 'appointment.details_changed',
      ...ride,
      before: { phone: '781-555-0100' },
      after: { phone: '617-555-0199', reason: 'New number.' },
    });
    expect(sentenceOf(corrected, NOW)).toBe(
      'olive@example.com corrected the details of ride 3F2B-9C1E (Chevrolet Suburban).',
    );
    expect(changesOf(corrected.before, corrected.after, NOW)).toEqual([
      { label: 'Phone', from: '781-555-0100', to: '617-555-0199' },
      { label: 'Why', from: undefined, to: 'New number.' },
    ]);
    expect(
      sentenceOf(
        event({
          action: 'appointment.reopened',
          ...ride,
          before: { status: 'no_show' },
          after: { status: 'paid' },
        }),
        NOW,
      ),
    ).toBe(
      'olive@example.com undid the no-show of ride 3F2B-9C1E (Chevrolet Suburban): it is booked and paid again.',
    );
  });

  it('lists only the fields that changed, labelled in words, values never as JSON', () => {
    expect(
      changesOf(
        { email: 'ann@example.com', role: 'customer', seats: 4, fees: 55 },
        { email: 'ann@example.com', role: 'owner', seats: 6, fees: 60.5 },
        NOW,
      ),
    ).toEqual([
      { label: 'Role', from: 'Customer', to: 'Owner' },
      { label: 'Seats', from: '4', to: '6' },
      { label: 'Booking fee', from: '$55.00', to: '$60.50' },
    ]);
    expect(
      changesOf(
        { status: 'paid' },
        { status: 'cancelled', cancelReason: 'Flat tyre', refund: 'full', refundCents: 6600 },
        NOW,
      ),
    ).toEqual([
      { label: 'Status', from: 'Paid', to: 'Cancelled' },
      { label: 'Reason given', from: undefined, to: 'Flat tyre' },
      { label: 'Deposit', from: undefined, to: 'Given back in full' },
      { label: 'Refunded', from: undefined, to: '$66.00' },
    ]);
    expect(changesOf(null, null)).toEqual([]);
  });

  it('says any value in words: times in New York, lists, nested records, unknown fields', () => {
    expect(valueInWords('retiredAt', '2026-11-27T20:05:00.000Z', NOW)).toBe('Nov 27, 3:05 PM');
    expect(valueInWords('availableServiceTypes', ['Airport Transfer', 'Car Rental'], NOW)).toBe(
      'Airport Transfer, Car Rental',
    );
    expect(valueInWords('turnaroundMinutes', { 'Car Rental': 60 }, NOW)).toBe('Car Rental: 60');
    expect(valueInWords('somethingNew', true, NOW)).toBe('Yes');
    expect(valueInWords('photo', null, NOW)).toBe('None');
    expect(changesOf(null, { someNewField: 'x' }, NOW)).toEqual([
      { label: 'Some new field', from: undefined, to: 'x' },
    ]);
  });

  it('keeps ids out of the sentence and the changes, for the details', () => {
    const words = describeEvent(
      event({
        action: 'refund.requested',
        appointmentId: RIDE,
        bookingReference: '3F2B-9C1E',
        after: { refundId: 'b7c1d2e3-0000-4000-8000-000000000000', amountCents: 6600 },
      }),
      NOW,
    );
    expect(words.title).toBe('Refund requested');
    expect(words.changes).toEqual([{ label: 'Amount', from: undefined, to: '$66.00' }]);
    expect(words.ids).toEqual([
      { label: 'Ride id', value: RIDE },
      { label: 'Refund id', value: 'b7c1d2e3-0000-4000-8000-000000000000' },
    ]);
  });
});
