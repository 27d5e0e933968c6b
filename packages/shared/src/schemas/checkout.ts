import { z } from 'zod';
import { REFUND_REASONS, REFUND_STATUSES } from '../refunds.ts';
import { BookedPriceSchema } from './booked-price.ts';
import { TripSchema } from './booking.ts';
import { CustomerCancellationSchema, OwnerCancellationSchema } from './my-rides.ts';

/** `POST /user/create-checkout-session`: the appointment to pay for (other fields are ignored). */
export const CheckoutRequestSchema = z.object({
  appointmentId: z.uuid({ message: 'Invalid appointment id' }),
});
export type CheckoutRequest = z.input<typeof CheckoutRequestSchema>;

/** The hosted checkout to send the customer to. */
export const CheckoutResponseSchema = z.object({ success: z.literal(true), url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** `GET /user/stripe-payment-details?session_id=`. */
export const PaymentDetailsQuerySchema = z.object({
  session_id: z
    .string({ error: 'Payment details not found' })
    .regex(/^[A-Za-z0-9_]{8,255}$/, 'Payment details not found'),
});

/** What `/user/stripe-payment-details` answers as `session`: Stripe's field names. */
export const PaymentSessionResultSchema = z.object({
  customer_details: z.object({ name: z.string(), email: z.string() }),
  amount_total: z.number(),
  payment_status: z.string(),
  metadata: z.object({
    Date: z.string(),
    Time: z.string(),
    serviceName: z.string(),
    serviceAddress: z.string(),
  }),
});
export type PaymentSessionResult = z.infer<typeof PaymentSessionResultSchema>;

/** A refund of the session's payment: the deposit given back, and how far that has got. */
export const RefundViewSchema = z.object({
  amountCents: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(REFUND_REASONS),
});
export type RefundView = z.infer<typeof RefundViewSchema>;

export const PaymentDetailsResponseSchema = z.object({
  success: z.literal(true),
  session: PaymentSessionResultSchema,
  /** Present only when this payment is being given back (it came too late, or twice). */
  refund: RefundViewSchema.optional(),
  /** Beyond Stripe's fields: the appointment paid for (its id, for the booking reference) and its trip. */
  ride: TripSchema.extend({ appointmentId: z.uuid(), serviceId: z.uuid() }),
  /**
   * Beyond Stripe's fields: the ride's estimated price as booked (both legs of a round trip),
   * the deposits paid toward it and what is left after the ride. Absent for a booking made
   * before prices were kept.
   */
  price: z
    .object({
      priceCents: z.number().int(),
      depositCents: z.number().int(),
      balanceCents: z.number().int(),
      /** Each ride's own price and why: the ride, then a round trip's return leg. */
      legs: z.array(BookedPriceSchema),
    })
    .optional(),
  /** Beyond Stripe's fields: present only when the business has cancelled the ride since. */
  cancellation: OwnerCancellationSchema.optional(),
  /**
   * Beyond Stripe's fields: present only when the customer has cancelled the ride since, with
   * what the refund tiers gave back (null: nothing, by the booking policy).
   */
  customerCancellation: CustomerCancellationSchema.optional(),
});
export type PaymentDetailsResponse = z.infer<typeof PaymentDetailsResponseSchema>;
