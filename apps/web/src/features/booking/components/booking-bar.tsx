import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  depositDollars,
  formatDaySpoken,
  formatDollars,
  reasonsInWords,
  type Service,
  type SlotDay,
} from '@app/shared';
import { buttonPrimary } from '../../../components/ui/styles.ts';
import { SAVE_CARD_CONSENT_ID } from './booking-summary.tsx';

/**
 * Whether the element is on screen. True until the browser has said otherwise, so the server's
 * HTML and its hydration agree, and nothing shows before the page is live.
 */
function useOnScreen(target: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setOnScreen(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return onScreen;
}

/** The sticky header's height and a margin: what scrolling down must leave above a control. */
const HEADER_CLEARANCE = 96;

/**
 * Scrolls whatever takes focus clear of the bar. The browser scrolls a focused control into view
 * only when none of it shows, and the bar's scroll-padding (styles.css) only when it scrolls at
 * all: a tall control (the notes) could take focus with its lower half under the bar.
 */
function useFocusClearOf(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let frame = 0;
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      cancelAnimationFrame(frame);
      // After the browser's own scroll, which follows the focus event.
      frame = requestAnimationFrame(() => {
        const barBox = bar.current?.getBoundingClientRect();
        // Not shown (a wide screen), or focus in the bar itself.
        if (!barBox?.height || bar.current?.contains(target)) return;
        const box = target.getBoundingClientRect();
        const hidden = box.bottom - barBox.top;
        // Down as far as shows it whole, never so far that its top goes under the header.
        if (hidden > 0) {
          window.scrollBy({ top: Math.min(hidden + 16, Math.max(0, box.top - HEADER_CLEARANCE)) });
        }
      });
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('focusin', onFocus);
      cancelAnimationFrame(frame);
    };
  }, [bar]);
}

interface BookingBarProps {
  service: Service;
  day: SlotDay | undefined;
  time: string | undefined;
  /** The form's own Book button: while it is on screen, the bar steps aside. */
  formButton: RefObject<HTMLButtonElement | null>;
  busy: boolean;
  /** The ride's all-in price and deposit, once the quote has them (a round trip's total). */
  price?: { price: number; deposit: number } | undefined;
  /** Why the one-way ride costs what it does (`weekend flat rate`, `20% off Tesla`). */
  reasons?: readonly string[] | undefined;
}

/**
 * The phone's bar at the bottom of the car page: the chosen day and time, the deposit and Book,
 * within a thumb's reach wherever the customer is on the long page. Book submits the form, as
 * its own button does. Below the wide layout only (where the selection stays beside the form),
 * and not while the form's button is on screen.
 */
export function BookingBar({
  service,
  day,
  time,
  formButton,
  busy,
  price,
  reasons,
}: BookingBarProps) {
  const formButtonShown = useOnScreen(formButton);
  const barRef = useRef<HTMLDivElement>(null);
  useFocusClearOf(barRef);
  if (formButtonShown) return null;
  const chosenTime = time ?? 'No time chosen';
  return (
    <div
      ref={barRef}
      data-booking-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface shadow-[0_-8px_24px_rgb(15_23_42/0.08)] lg:hidden"
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
        <p className="min-w-0 text-sm">
          <span className="block truncate font-semibold text-ink">
            {/* Seen: FRI Nov 27 · 9:30 AM. Heard: the whole date. */}
            <span aria-hidden="true">
              {day ? `${day.weekday} ${day.monthShort} ${day.day} · ` : ''}
              {chosenTime}
            </span>
            <span className="sr-only">
              {day ? `${formatDaySpoken(day)}, ${chosenTime}` : chosenTime}
            </span>
          </span>
          <span className="block text-ink-muted">
            {price && (
              <>
                Price{' '}
                <span className="font-semibold text-ink tabular-nums">
                  {formatDollars(price.price)}
                </span>
                {' · '}
              </>
            )}
            Deposit{' '}
            <span className="font-semibold text-ink tabular-nums">
              {formatDollars(price?.deposit ?? depositDollars(service.fees))}
            </span>
          </span>
          {reasons && reasons.length > 0 ? (
            <span className="block truncate text-xs text-ink-muted first-letter:uppercase">
              {reasonsInWords(reasons)}
            </span>
          ) : null}
        </p>
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          aria-describedby={SAVE_CARD_CONSENT_ID}
          className={`${buttonPrimary} shrink-0`}
        >
          {busy ? 'Booking...' : 'Book'}
        </button>
      </div>
    </div>
  );
}
