import { Link } from 'wouter';
import { FieldError } from '../../../components/ui/form-field.tsx';

interface BookingPolicyProps {
  consented: boolean;
  onConsentChange: (consented: boolean) => void;
  /** The booking check's message while consent is not given (shown under the checkbox). */
  error?: string | undefined;
}

const POLICY = [
  'The deposit (the booking fee) is non-refundable; it is credited toward your ride.',
  'Late arrivals may incur additional fees or need to be rescheduled.',
  'By booking you consent to receive SMS notifications about your appointment. Reply STOP at any time to unsubscribe.',
];

/** The policy, readable in full before the required consent checkbox under it. */
export function BookingPolicy({ consented, onConsentChange, error }: BookingPolicyProps) {
  return (
    <div className="rounded-card border border-line bg-surface p-5 sm:p-6">
      <h3 className="text-base font-semibold text-brand">Booking policy</h3>
      <ul className="mt-3 space-y-2 text-sm leading-6 text-ink-muted">
        {POLICY.map((rule) => (
          <li key={rule} className="flex gap-2">
            <span
              className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-soft"
              aria-hidden="true"
            />
            <span>{rule}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink-muted">
        Read the full{' '}
        <Link
          href="/privacy"
          className="font-medium text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand"
        >
          booking and privacy policy
        </Link>
        .
      </p>
      <label className="mt-4 flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line bg-canvas p-3 text-sm text-ink has-[:checked]:border-brand/30 has-[:checked]:bg-brand-tint has-[[aria-invalid=true]]:border-danger">
        <input
          type="checkbox"
          name="consent"
          checked={consented}
          onChange={(event) => onConsentChange(event.target.checked)}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'consent-error' : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand"
        />
        <span>
          {/* The words of the check's message ("Please agree to the terms and conditions."). */}I
          have read and agree to the booking policy and its terms and conditions, including SMS
          notifications.
          <span className="ml-0.5 font-semibold text-danger" aria-hidden="true">
            *
          </span>
        </span>
      </label>
      <FieldError id="consent-error" message={error} />
    </div>
  );
}
