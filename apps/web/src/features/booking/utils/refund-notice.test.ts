import { describe, expect, it } from 'vitest';
import { refundNotice } from './refund-notice.ts';

const PHONE = '781-555-0142';

describe('refundNotice', () => {
  it('says a late payment booked nothing, and how far its refund has got', () => {
    const pending = refundNotice(
      { amountCents: 6600, status: 'pending', reason: 'late_payment' },
      PHONE,
    );
    expect(pending.headline).toBe('Not booked: refund');
    expect(pending.text).toContain('this appointment is not booked');
    expect(pending.text).toContain('We are refunding your $66.00 to your card.');
    const done = refundNotice(
      { amountCents: 6600, status: 'succeeded', reason: 'late_payment' },
      PHONE,
    );
    expect(done.text).toContain('We have refunded your $66.00 to your card.');
  });

  it('says a second payment leaves the booking as it was', () => {
    const notice = refundNotice(
      { amountCents: 4100, status: 'pending', reason: 'duplicate_payment' },
      PHONE,
    );
    expect(notice.headline).toBe('Already paid: refund');
    expect(notice.text).toContain('Your appointment stays booked.');
    expect(notice.text).toContain('$41.00');
  });

  it('gives the phone number when the refund could not be made', () => {
    const notice = refundNotice(
      { amountCents: 6600, status: 'failed', reason: 'late_payment' },
      PHONE,
    );
    expect(notice.text).toContain(`please call us at ${PHONE}`);
  });
});
