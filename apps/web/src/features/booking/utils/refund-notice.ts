import { formatCents, type RefundView } from '@app/shared';

/** What the customer reads when this payment is being given back, in plain words. */
export function refundNotice(
  refund: RefundView,
  phone: string,
): { headline: string; text: string } {
  const amount = `$${formatCents(refund.amountCents)}`;
  const headline = refund.reason === 'late_payment' ? 'Not booked: refund' : 'Already paid: refund';
  const why =
    refund.reason === 'late_payment'
      ? 'Your payment arrived after the time we held for you had run out, and someone else has booked this time since, so this appointment is not booked.'
      : 'This appointment was already paid by an earlier payment, so this second payment is not needed. Your appointment stays booked.';
  const progress = {
    pending: `We are refunding your ${amount} to your card. Refunds take 5 to 10 business days to show.`,
    succeeded: `We have refunded your ${amount} to your card. Refunds take 5 to 10 business days to show.`,
    failed: `We could not refund your ${amount} automatically: please call us at ${phone} and we will put it right.`,
  }[refund.status];
  return { headline, text: `${why} ${progress}` };
}
