import type { BillView, Receipt } from '@app/shared';

/**
 * A paid bill and its receipt as the API answers them for the bill spec's ride: $120 and a
 * $12.50 toll, $50 paid to book, 20 % tip, the balance and tip charged to a Visa.
 */
export function receiptFixture(appointmentId: string): { bill: BillView; receipt: Receipt } {
  const lines = [
    { kind: 'ride' as const, label: 'Ride, 30 min as booked', amountCents: 12_000 },
    { kind: 'toll' as const, label: 'Toll', amountCents: 1_250 },
  ];
  const card = { brand: 'visa', last4: '4242' };
  return {
    bill: {
      appointmentId,
      status: 'paid',
      lines,
      totalCents: 13_250,
      depositCents: 5_000,
      balanceCents: 8_250,
      tipCents: 2_650,
      tipChoice: '20',
      tips: { 15: 1_988, 20: 2_650, 25: 3_313 },
      defaultTipPercent: 0,
      version: 2,
      sentAt: '2026-11-22T15:00:00.000Z',
      tipDueAt: '2026-11-23T15:00:00.000Z',
      paidAt: '2026-11-22T15:07:00.000Z',
      billing: { company: '', address: '' },
      charge: { status: 'succeeded', amountCents: 10_900, card, linkUrl: null },
    },
    receipt: {
      business: {
        name: 'Norfolk Rides',
        street: '40 Main Street',
        locality: 'Norfolk',
        region: 'MA',
        postalCode: '02056',
        phone: '781-555-0142',
        email: 'rides@example.com',
        licence: 'Licensed for livery service in Massachusetts (MA-LIV-0001), insured.',
      },
      reference: '3F9A-1C2B',
      issuedAt: '2026-11-22T15:07:00.000Z',
      customer: { name: 'Bea Bill', email: 'bea@example.com', company: null, billingAddress: null },
      legs: [
        {
          label: 'Ride',
          date: '11_10_2026',
          time: '10:00 AM',
          car: 'Toyota Camry',
          pickup: '1 Main Street, Norfolk, MA',
          dropoff: 'Logan Airport, Boston, MA',
        },
      ],
      lines: lines.map(({ label, amountCents }) => ({ label, amountCents })),
      subtotalCents: 13_250,
      depositCents: 5_000,
      balanceCents: 8_250,
      tipCents: 2_650,
      refunds: [],
      paidCents: 15_900,
      card,
    },
  };
}
