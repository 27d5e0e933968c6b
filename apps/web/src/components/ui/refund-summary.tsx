import { refundInWords, type RideRefund } from '@app/shared';

/**
 * A ride's refund as the owner reads it, `Refunded $66.00 to the card on Nov 27`; the payment
 * provider's id of it (`re_…`) only in a Details disclosure, for a call with the provider.
 */
export function RefundSummary({
  refund,
  on,
}: {
  refund: Pick<RideRefund, 'amountCents' | 'status' | 'providerRefundId'>;
  /** The day the provider took it (`formatNewYorkDayShort`), when known. */
  on?: string | null;
}) {
  return (
    <>
      {refundInWords({ amountCents: refund.amountCents, status: refund.status, on })}
      {refund.providerRefundId ? (
        <details className="text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-ink-muted">
            Details
          </summary>
          <p className="text-ink-muted">
            The payment provider’s id:{' '}
            <span className="font-mono [overflow-wrap:anywhere] text-ink">
              {refund.providerRefundId}
            </span>
          </p>
        </details>
      ) : null}
    </>
  );
}
