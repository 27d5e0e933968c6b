import { useId, useRef, useState, type FormEvent } from 'react';
import { businessToday, isoDateOf, PaymentsExportQuerySchema } from '@app/shared';
import { DateRangeFields, type DateRange } from '../../../components/filters/date-range-fields.tsx';
import { buttonPrimary, card } from '../../../components/ui/styles.ts';
import { API_BASE } from '../../../config/env.ts';

/**
 * The accountant's spreadsheet: every payment and refund between two New York days (this month
 * so far to start with), checked with the server's own schema, then downloaded by the form's
 * own GET (the browser keeps the page and saves the file).
 */
export function PaymentsExport({ now }: { now: Date }) {
  const headingId = useId();
  const today = businessToday(now);
  const [range, setRange] = useState<DateRange>({
    from: isoDateOf({ ...today, day: 1 }),
    to: isoDateOf(today),
  });
  const [error, setError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = PaymentsExportQuerySchema.safeParse(range);
    if (parsed.success) return setError(undefined);
    event.preventDefault();
    setError(parsed.error.issues[0]?.message);
    formRef.current?.querySelector<HTMLInputElement>('input[name="to"]')?.focus();
  }

  return (
    <section aria-labelledby={headingId} className={`${card} mt-6 p-4 sm:p-6`}>
      <h2 id={headingId} className="text-xl font-semibold text-brand">
        Payments for the accountant
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Every deposit, balance, tip and refund between two days (New York time), one line each, as a
        spreadsheet (CSV). Refunds still with the payment provider say Pending.
      </p>
      <form
        ref={formRef}
        method="get"
        action={`${API_BASE}/admin/numbers/payments.csv`}
        noValidate
        onSubmit={onSubmit}
        className="mt-4 grid items-start gap-4 sm:grid-cols-[1fr_1fr_auto]"
      >
        <DateRangeFields
          value={range}
          onChange={(change) => {
            setRange((current) => ({ ...current, ...change }));
            setError(undefined);
          }}
          error={error}
        />
        <button type="submit" className={`${buttonPrimary} sm:mt-7`}>
          Download payments (CSV)
        </button>
      </form>
    </section>
  );
}
