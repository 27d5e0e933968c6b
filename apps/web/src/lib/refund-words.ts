import { formatCents, formatNewYorkTime, type CancelledRefund } from '@app/shared';

/**
 * What a cancel gave back, and when: the same words whoever cancelled. The date is the refund's,
 * so it leads the request to call (a failed refund: call us, not call us on that day).
 */
export function refundWords(refund: CancelledRefund, phone: string): string {
  const amount = `$${formatCents(refund.amountCents)}`;
  const on = formatNewYorkTime(new Date(refund.createdAt));
  if (refund.status === 'failed') {
    return `${amount} could not be refunded on ${on}; please call us at ${phone}`;
  }
  return `${amount} refunded on ${on}${refund.status === 'pending' ? ' (on its way to your card)' : ''}`;
}
