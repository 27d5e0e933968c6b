import type { Ref } from 'react';
import { Info } from 'lucide-react';

/** What the car page says to a customer back at their saved form (saved-booking.ts). */
export const RETURN_MESSAGES = {
  checkoutCancelled: 'Payment cancelled: nothing was charged. Your details are still here.',
  signedIn: 'You are signed in. Your choices are as you left them.',
} as const;

interface ReturnNoticeProps {
  lines: readonly string[];
  ref?: Ref<HTMLDivElement>;
}

/**
 * Above the booking form, once, when the customer comes back to it: why the form is filled in,
 * and a day or time that had to be dropped. The page moves focus here, so it is read out.
 */
export function ReturnNotice({ lines, ref }: ReturnNoticeProps) {
  if (lines.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex scroll-mt-24 items-start gap-3 rounded-card border border-brand/15 bg-brand-tint p-4 text-sm text-ink outline-none focus-visible:shadow-none focus-visible:outline-none sm:p-5 lg:col-span-12"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-brand-soft" aria-hidden="true" />
      <div className="space-y-1">
        {lines.map((line, index) => (
          <p key={line} className={index === 0 ? 'font-semibold text-brand' : undefined}>
            {line}
          </p>
        ))}
      </div>
    </div>
  );
}
