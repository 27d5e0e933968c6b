import { DEFAULT_BUSINESS, netPaidCents, type Receipt } from '@app/shared';

/**
 * A full receipt (round trip, extras, an owner's reduction, a tip, a refund, a company to bill):
 * what the tests, the benchmarks and a preview draw. Every figure adds up as a real one would.
 */
const lines = [
  { label: 'Ride, 2 hours as booked', amountCents: 24_000 },
  { label: 'Return ride, 1 hour as booked', amountCents: 12_000 },
  { label: 'Extra time, 30 minutes', amountCents: 6_000 },
  { label: 'Waiting beyond 15 minutes, 20 minutes', amountCents: 2_500 },
  { label: 'Tolls', amountCents: 1_150 },
  { label: 'Parking at Logan', amountCents: 1_800 },
  { label: 'Adjustment: the return left late', amountCents: -2_000 },
];
const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
const depositCents = 3_600;
const refunds = [
  { label: 'Refund: parking charged twice', amountCents: 1_800, at: '2026-11-28T15:20:00.000Z' },
];
const base = {
  depositCents,
  balanceCents: subtotalCents - depositCents,
  tipCents: 7_000,
  refunds,
};

export const SAMPLE_RECEIPT: Receipt = {
  business: {
    name: DEFAULT_BUSINESS.name,
    street: DEFAULT_BUSINESS.street,
    locality: DEFAULT_BUSINESS.locality,
    region: DEFAULT_BUSINESS.region,
    postalCode: DEFAULT_BUSINESS.postalCode,
    phone: DEFAULT_BUSINESS.phone,
    email: DEFAULT_BUSINESS.email,
    licence: DEFAULT_BUSINESS.licence,
  },
  reference: '3F9A-1C2B',
  issuedAt: '2026-11-28T14:05:00.000Z',
  customer: {
    name: 'Dana Whitfield',
    email: 'dana.whitfield@example.com',
    company: 'Harbor Analytics LLC',
    billingAddress: '100 Federal Street, Floor 12\nBoston, MA 02110',
  },
  legs: [
    {
      label: 'Ride',
      date: '27_11_2026',
      time: '9:30 AM',
      car: 'Tesla Model S',
      pickup: '12 Union Street, Norwood, MA 02062',
      dropoff: 'Boston Logan International Airport, Terminal B',
    },
    {
      label: 'Return ride',
      date: '27_11_2026',
      time: '6:00 PM',
      car: 'Tesla Model S',
      pickup: 'Boston Logan International Airport, Terminal B',
      dropoff: '12 Union Street, Norwood, MA 02062',
    },
  ],
  lines,
  subtotalCents,
  ...base,
  paidCents: netPaidCents(base),
  card: { brand: 'visa', last4: '4242' },
};
