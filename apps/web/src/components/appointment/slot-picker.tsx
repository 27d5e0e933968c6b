import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { BOOKING_WINDOW_DAYS, SLOTS_PER_ROW, type SlotDay } from '@app/shared';

interface SlotPickerProps {
  days: readonly SlotDay[];
  selectedDayKey: string | undefined;
  onSelectDay: (key: string) => void;
  selectedTime: string | undefined;
  onSelectTime: (label: string) => void;
}

const choiceBase =
  'rounded-xl border text-sm transition-colors focus-visible:outline-offset-2 aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white';
const choiceIdle =
  'border-line bg-surface text-ink hover:border-brand/40 hover:bg-brand-tint aria-pressed:hover:bg-brand-soft';
/** A day with every slot gone: still choosable (it says so), but visibly quieter. */
const choiceFull =
  'border-dashed border-line bg-canvas text-ink-muted hover:border-brand/40 aria-pressed:hover:bg-brand-soft';

/** The 90-day strip (weekday, month, date) and the free half-hour slots of the chosen day. */
export function SlotPicker({
  days,
  selectedDayKey,
  onSelectDay,
  selectedTime,
  onSelectTime,
}: SlotPickerProps) {
  const stripRef = useRef<HTMLUListElement>(null);
  const selectedDay = days.find((day) => day.key === selectedDayKey);
  // The strip is one tab stop (roving tabindex): the day last reached by the arrow keys, else
  // the chosen day, else the first.
  const [arrowKey, setArrowKey] = useState<string>();
  const focusKey = [arrowKey, selectedDay?.key, days[0]?.key].find(
    (key) => key !== undefined && days.some((day) => day.key === key),
  );

  function dayButtons(): HTMLButtonElement[] {
    return Array.from(stripRef.current?.querySelectorAll('button') ?? []);
  }

  function onStripKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const buttons = dayButtons();
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const target = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: buttons.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, target))];
    if (!next) return;
    setArrowKey(next.dataset.day);
    next.focus({ preventScroll: true });
    next.scrollIntoView({ block: 'nearest', inline: 'center' });
  }

  function scrollStrip(direction: 1 | -1) {
    const strip = stripRef.current;
    if (!strip) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    strip.scrollBy({
      left: direction * strip.clientWidth * 0.8,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }

  const slotGridStyle = { '--slots-per-row': SLOTS_PER_ROW } as CSSProperties;
  const timeUnavailable =
    selectedDay && selectedTime && !selectedDay.slots.some((slot) => slot.label === selectedTime);

  return (
    <div>
      <div className="flex items-end justify-between gap-4">
        <h3 id="day-strip-label" className="text-base font-semibold text-brand">
          Choose a day
        </h3>
        <div className="hidden gap-2 sm:flex">
          <button
            type="button"
            onClick={() => scrollStrip(-1)}
            className={`flex size-11 items-center justify-center rounded-full border border-line bg-surface text-brand hover:bg-brand-tint`}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
            <span className="sr-only">Earlier days</span>
          </button>
          <button
            type="button"
            onClick={() => scrollStrip(1)}
            className={`flex size-11 items-center justify-center rounded-full border border-line bg-surface text-brand hover:bg-brand-tint`}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
            <span className="sr-only">Later days</span>
          </button>
        </div>
      </div>
      <p id="day-strip-hint" className="mt-1 text-sm text-ink-muted">
        The next {BOOKING_WINDOW_DAYS} days. Swipe or use the arrow keys to see more.
      </p>

      <ul
        ref={stripRef}
        role="list"
        aria-labelledby="day-strip-label"
        aria-describedby="day-strip-hint"
        onKeyDown={onStripKeyDown}
        className="-mx-2 mt-2 flex snap-x scroll-px-2 gap-2 overflow-x-auto scroll-smooth p-2 pb-3 [scrollbar-width:thin] motion-reduce:scroll-auto"
      >
        {days.map((day) => {
          const chosen = day.key === selectedDayKey;
          const full = day.slots.length === 0;
          return (
            <li key={day.key} className="snap-start">
              <button
                type="button"
                data-day={day.key}
                aria-pressed={chosen}
                tabIndex={day.key === focusKey ? 0 : -1}
                onClick={() => {
                  setArrowKey(day.key);
                  onSelectDay(day.key);
                }}
                className={`${choiceBase} flex h-20 w-16 flex-col items-center justify-center gap-0.5 ${full ? choiceFull : choiceIdle}`}
              >
                <span className="text-xs font-semibold tracking-wide">{day.weekday}</span>
                <span className="text-xl leading-6 font-bold tabular-nums">{day.day}</span>
                <span className="text-xs">{day.monthShort}</span>
                {full && <span className="sr-only">, no times left</span>}
              </button>
            </li>
          );
        })}
      </ul>

      <h3 id="time-slots-label" className="mt-6 text-base font-semibold text-brand">
        Choose a time
        {selectedDay && (
          <span className="font-normal text-ink-muted">
            {' '}
            · {selectedDay.weekday} {selectedDay.monthShort} {selectedDay.day}
          </span>
        )}
      </h3>
      {selectedDay && selectedDay.slots.length > 0 ? (
        <ul
          role="list"
          aria-labelledby="time-slots-label"
          style={slotGridStyle}
          className="mt-3 grid grid-cols-3 gap-2 min-[480px]:grid-cols-4 sm:grid-cols-[repeat(var(--slots-per-row),minmax(0,1fr))]"
        >
          {selectedDay.slots.map((slot) => (
            <li key={slot.label}>
              <button
                type="button"
                aria-pressed={slot.label === selectedTime}
                onClick={() => onSelectTime(slot.label)}
                className={`${choiceBase} ${choiceIdle} min-h-11 w-full px-1 py-2 font-medium whitespace-nowrap tabular-nums`}
              >
                {slot.label}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-line bg-canvas p-4 text-sm text-ink-muted">
          No times left on this day. Please choose another day.
        </p>
      )}
      <p aria-live="polite" className="mt-3 min-h-6 text-sm text-ink-muted">
        {timeUnavailable
          ? `${selectedTime} is not free on this day. Please pick another time.`
          : ''}
      </p>
    </div>
  );
}
