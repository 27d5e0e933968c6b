import { z } from 'zod';
import {
  BILL_CHARGE_STATUSES,
  BILL_LINE_KINDS,
  BILL_RULE_BOUNDS,
  BILL_STATUSES,
  CHAUFFEUR_LINE_KINDS,
  TIP_CHOICES,
} from '../final-bill.ts';

/*
 * The bill after the ride (issue 31): what the customer's bill page and the owner's ride page
 * read, and what each may send.
 */

export const BILL_LINE_LABEL_MAX = 80;
export const BILL_LINES_MAX = 20;
/** A line, or a tip, of more than this is a typo. */
export const BILL_AMOUNT_MAX_CENTS = 500_000;
export const TIP_MAX_CENTS = 100_000;

export const BILL_LINE_LABEL_MESSAGE = 'Say what each line is for.';
export const BILL_LINE_AMOUNT_MESSAGE = 'Enter each amount in dollars and cents, up to $5,000.00.';
export const BILL_LINE_NEGATIVE_MESSAGE = 'Only an adjustment may take money off.';
export const BILL_RIDE_LINE_MESSAGE = 'The bill keeps its one line for the ride, first.';
export const TIP_AMOUNT_MESSAGE = 'Enter a tip in dollars and cents, up to $1,000.00.';

const cents = (message: string, max: number) =>
  z.number({ error: message }).int(message).min(-max, message).max(max, message);

export const BillLineSchema = z
  .object({
    kind: z.enum(BILL_LINE_KINDS, { error: BILL_LINE_LABEL_MESSAGE }),
    label: z
      .string({ error: BILL_LINE_LABEL_MESSAGE })
      .trim()
      .min(1, BILL_LINE_LABEL_MESSAGE)
      .max(
        BILL_LINE_LABEL_MAX,
        `Each line's words must be at most ${BILL_LINE_LABEL_MAX} characters.`,
      ),
    amountCents: cents(BILL_LINE_AMOUNT_MESSAGE, BILL_AMOUNT_MAX_CENTS),
  })
  .refine((line) => line.kind === 'adjustment' || line.amountCents >= 0, {
    message: BILL_LINE_NEGATIVE_MESSAGE,
    path: ['amountCents'],
  });

/** `POST /api/admin/rides/:id/bill`: the lines as the owner's form shows them, on the version seen. */
export const BILL_VERSION_MESSAGE = 'Say which version of the bill you changed.';
export const AdjustBillSchema = z.object({
  version: z
    .number({ error: BILL_VERSION_MESSAGE })
    .int(BILL_VERSION_MESSAGE)
    .min(1, BILL_VERSION_MESSAGE),
  lines: z
    .array(BillLineSchema, { error: BILL_RIDE_LINE_MESSAGE })
    .min(1, BILL_RIDE_LINE_MESSAGE)
    .max(BILL_LINES_MAX, `A bill has at most ${BILL_LINES_MAX} lines.`)
    .refine(
      (lines) =>
        lines[0]?.kind === 'ride' && lines.filter((line) => line.kind === 'ride').length === 1,
      BILL_RIDE_LINE_MESSAGE,
    ),
});
export type AdjustBillRequest = z.input<typeof AdjustBillSchema>;

/** A chauffeur's note on a toll or parking line ("Mass Pike"), within the line's label. */
export const CHAUFFEUR_LINE_NOTE_MAX = 60;
export const CHAUFFEUR_LINE_KIND_MESSAGE = 'Choose a toll or parking.';
export const CHAUFFEUR_LINE_AMOUNT_MESSAGE =
  'Enter the amount paid in dollars and cents, from $0.01 to $5,000.00.';

/**
 * `POST /api/drive/rides/:id/bill-lines`: a toll or parking the ride's chauffeur paid, added to
 * its drafted bill (the label is made from the kind and the note: `chauffeurLineLabel`).
 */
export const ChauffeurBillLineSchema = z.object({
  kind: z.enum(CHAUFFEUR_LINE_KINDS, { error: CHAUFFEUR_LINE_KIND_MESSAGE }),
  amountCents: z
    .number({ error: CHAUFFEUR_LINE_AMOUNT_MESSAGE })
    .int(CHAUFFEUR_LINE_AMOUNT_MESSAGE)
    .min(1, CHAUFFEUR_LINE_AMOUNT_MESSAGE)
    .max(BILL_AMOUNT_MAX_CENTS, CHAUFFEUR_LINE_AMOUNT_MESSAGE),
  note: z
    .string({ error: 'Write the note as text, or leave it empty.' })
    .trim()
    .max(CHAUFFEUR_LINE_NOTE_MAX, `The note must be at most ${CHAUFFEUR_LINE_NOTE_MAX} characters.`)
    .optional(),
});
export type ChauffeurBillLineRequest = z.input<typeof ChauffeurBillLineSchema>;

/** `POST /api/my-appointments/:id/bill/pay`: the customer's tip. */
export const PayBillSchema = z.discriminatedUnion(
  'choice',
  [
    z.object({ choice: z.enum(['15', '20', '25', 'none']) }),
    z.object({
      choice: z.literal('other'),
      tipCents: z
        .number({ error: TIP_AMOUNT_MESSAGE })
        .int(TIP_AMOUNT_MESSAGE)
        .min(0, TIP_AMOUNT_MESSAGE)
        .max(TIP_MAX_CENTS, TIP_AMOUNT_MESSAGE),
    }),
  ],
  { error: 'Choose a tip, or none.' },
);
export type PayBillRequest = z.input<typeof PayBillSchema>;

export const BILLING_COMPANY_MAX = 100;
export const BILLING_ADDRESS_MAX = 300;

/** `POST /api/appointments/:id/bill/billing`: what the receipt says for an employer. */
export const BillingDetailsSchema = z.object({
  company: z
    .string({ error: 'Enter the company name, or leave it empty.' })
    .trim()
    .max(
      BILLING_COMPANY_MAX,
      `The company name must be at most ${BILLING_COMPANY_MAX} characters.`,
    ),
  address: z
    .string({ error: 'Enter the billing address, or leave it empty.' })
    .trim()
    .max(
      BILLING_ADDRESS_MAX,
      `The billing address must be at most ${BILLING_ADDRESS_MAX} characters.`,
    ),
});
export type BillingDetailsRequest = z.input<typeof BillingDetailsSchema>;

const bound = (key: keyof typeof BILL_RULE_BOUNDS, what: string) => {
  const { min, max } = BILL_RULE_BOUNDS[key];
  const message = `${what} must be a whole number from ${min} to ${max}.`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** `POST /api/admin/bill-rules`. */
export const BillRulesSchema = z.object({
  waitingGraceMinutes: bound('waitingGraceMinutes', 'Free waiting'),
  defaultTipPercent: bound('defaultTipPercent', 'The default tip'),
  tipWindowHours: bound('tipWindowHours', 'The time to choose a tip'),
  autoSendHours: bound('autoSendHours', 'The hours before a bill goes by itself').nullable(),
});
export type BillRulesRequest = z.input<typeof BillRulesSchema>;

export const BillLineView = z.object({
  kind: z.enum(BILL_LINE_KINDS),
  label: z.string(),
  amountCents: z.number(),
});

/** What a bill page shows (the customer's and the owner's). */
export const BillViewSchema = z.object({
  appointmentId: z.uuid(),
  status: z.enum(BILL_STATUSES),
  lines: z.array(BillLineView),
  totalCents: z.number(),
  depositCents: z.number(),
  balanceCents: z.number(),
  tipCents: z.number().nullable(),
  tipChoice: z.enum(TIP_CHOICES).nullable(),
  /** The tip each offered percentage comes to, and the owner's default. */
  tips: z.object({ 15: z.number(), 20: z.number(), 25: z.number() }),
  defaultTipPercent: z.number(),
  version: z.number(),
  sentAt: z.string().nullable(),
  tipDueAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The receipt's company and billing address, as the customer set them (empty: none). */
  billing: z.object({ company: z.string(), address: z.string() }),
  charge: z
    .object({
      status: z.enum(BILL_CHARGE_STATUSES),
      amountCents: z.number(),
      card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
      /** The payment link while the balance is due through it. */
      linkUrl: z.string().nullable(),
    })
    .nullable(),
});
export type BillView = z.infer<typeof BillViewSchema>;
