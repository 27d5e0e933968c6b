import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  BOOKING_WINDOW_DAYS,
  formatDaySpoken,
  SLOTS_PER_ROW,
  slotsByDayPart,
  type SlotDay,
} from '@app/shared';
import { FieldError } from '../../../components/ui/form-field.tsx';

interface SlotPickerProps {
  days: readonly SlotDay[];
  selectedDayKey: string | undefined;
  onSelectDay: (key: string) => void;
  selectedTime: string | undefined;
  onSelectTime: (label: string) => void;
  /** The booking check's message while no time is chosen (shown under the time heading). */
  error?: string | undefined;
  /** Times of the chosen day priced differently (the night's flat rate), dotted and explained. */
  marked?: { times: ReadonlySet<string>; note: string } | undefined;
  /** The price of each time that costs other than the day's usual price (the quote's). */
  prices?: ReadonlyMap<string, string> | undefined;
  /**
   * Its buttons are disabled (the server's form, before it is live): the strip then shows its
   * first days without scrolling, since a scrolling list with nothing to focus in it is one a
   * keyboard cannot move (axe's scrollable-region-focusable). It scrolls once live.
   */
  disabled?: boolean | undefined;
}

const ERROR_ID = 'time-slots-error';
/** The id of a time's price under it (`9:30 AM` → `time-price-930AM`). */
const priceId = (time: string) => `time-price-${time.replace(/[^0-9A-Z]/gi, '')}`;
const MARKED_ID = 'time-slots-marked';
/**
 * The dot of a marked time, and of its note: the strong accent (3:1 and more against the light
 * buttons), ringed in the surface colour so it stands out on a chosen, dark one too.
 */
const dot = 'inline-block size-2 shrink-0 rounded-full bg-accent-strong ring-2 ring-surface';

/**
 * Rows of SLOTS_PER_ROW times (docs/product.md, "Slots"), as a class: a style attribute in the server's HTML
 * would be refused by the Content-Security-Policy (style-src-attr). A change of the rule fails to
 * compile here.
 */
const SLOT_COLUMNS = ({ 5: 'grid-cols-5' } satisfies Record<typeof SLOTS_PER_ROW, string>)[
  SLOTS_PER_ROW
];

const choiceBase =
  'rounded-xl border text-sm transition-colors focus-visible:outline-offset-2 aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white';
const choiceIdle =
  'border-line bg-surface text-ink hover:border-brand/40 hover:bg-brand-tint aria-pressed:hover:bg-brand-soft';
/** A day with every slot gone: still choosable (it says so), but visibly quieter. */
const choiceFull =
  'border-dashed border-line bg-canvas text-ink-muted hover:border-brand/40 aria-pressed:hover:bg-brand-soft';

/** What the polite status says once a day is chosen: how many times it has left. */
function dayStatus(day: SlotDay): string {
  const count = day.slots.length;
  if (count === 0) return `No times left on ${formatDaySpoken(day)}.`;
  return `${count} ${count === 1 ? 'time' : 'times'} free on ${formatDaySpoken(day)}.`;
}

/** Where Up (-1) or Down (1) goes from the button at `from`: the index of the button to focus. */
type RowMove = (buttons: HTMLButtonElement[], from: number, direction: 1 | -1) => number;

/** In the strip, a single line of days, Up and Down move one day like Left and Right. */
const alongTheLine: RowMove = (_buttons, from, direction) => from + direction;

/**
 * In the time grid, Up and Down move to the row above or below as laid out (the rows of every
 * part of the day in turn, the last of a part often short), to the time most nearly in line.
 */
const toTheNextRow: RowMove = (buttons, from, direction) => {
  const boxes = buttons.map((button) => button.getBoundingClientRect());
  const tops = [...new Set(boxes.map((box) => Math.round(box.top)))].sort((a, b) => a - b);
  const here = boxes[from];
  const rowTop = here && tops[tops.indexOf(Math.round(here.top)) + direction];
  if (!here || rowTop === undefined) return from;
  const inRow = boxes.flatMap((box, index) => (Math.round(box.top) === rowTop ? [index] : []));
  const offset = (index: number) => Math.abs((boxes[index]?.left ?? 0) - here.left);
  return inRow.reduce((nearest, index) => (offset(index) < offset(nearest) ? index : nearest));
};

/**
 * Arrow-key movement inside a set of buttons that is one tab stop (roving tabindex): Left and
 * Right by one, Up and Down by `rowMove`, Home and End to the ends. Returns the button to focus,
 * or undefined when the key is not a movement key.
 */
function rovingTarget(
  container: RefObject<HTMLElement | null>,
  key: string,
  rowMove: RowMove,
): HTMLButtonElement | undefined {
  const buttons = Array.from(container.current?.querySelectorAll('button') ?? []);
  const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (current < 0) return undefined;
  const moves: Record<string, () => number> = {
    ArrowRight: () => current + 1,
    ArrowLeft: () => current - 1,
    ArrowDown: () => rowMove(buttons, current, 1),
    ArrowUp: () => rowMove(buttons, current, -1),
    Home: () => 0,
    End: () => buttons.length - 1,
  };
  const target = moves[key]?.();
  if (target === undefined) return undefined;
  return buttons[Math.max(0, Math.min(buttons.length - 1, target))];
}

/**
 * The 90-day strip (weekday, month, date) and the free half-hour slots of the chosen day. Each
 * is one tab stop: the arrow keys move inside it, Enter or Space chooses. A day button says the
 * whole date to screen readers and both kinds of buttons expose the choice with aria-pressed.
 */
export function SlotPicker({
  days,
  selectedDayKey,
  onSelectDay,
  selectedTime,
  onSelectTime,
  error,
  marked,
  prices,
  disabled,
}: SlotPickerProps) {
  const stripRef = useRef<HTMLUListElement>(null);
  const gridRef = useRef<HTMLUListElement>(null);
  const selectedDay = days.find((day) => day.key === selectedDayKey);
  // The strip is one tab stop (roving tabindex): the day last reached by the arrow keys, else
  // the chosen day, else the first.
  const [arrowKey, setArrowKey] = useState<string>();
  const focusKey = [arrowKey, selectedDay?.key, days[0]?.key].find(
    (key) => key !== undefined && days.some((day) => day.key === key),
  );
  // The time grid likewise: the time last reached by the arrow keys, else the chosen, else the first.
  const [arrowTime, setArrowTime] = useState<string>();
  const times = selectedDay?.slots.map((slot) => slot.label) ?? [];
  const markedTimes = times.filter((time) => marked?.times.has(time));
  const focusTime = [arrowTime, selectedTime, times[0]].find(
    (time) => time !== undefined && times.includes(time),
  );

  function onStripKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const next = rovingTarget(stripRef, event.key, alongTheLine);
    if (!next) return;
    event.preventDefault();
    setArrowKey(next.dataset.day);
    next.focus({ preventScroll: true });
    next.scrollIntoView({ block: 'nearest', inline: 'center' });
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const next = rovingTarget(gridRef, event.key, toTheNextRow);
    if (!next) return;
    event.preventDefault();
    setArrowTime(next.dataset.time);
    next.focus();
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
            aria-controls="day-strip"
            onClick={() => scrollStrip(-1)}
            className={`flex size-11 items-center justify-center rounded-full border border-line bg-surface text-brand hover:bg-brand-tint`}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
            <span className="sr-only">Earlier days</span>
          </button>
          <button
            type="button"
            aria-controls="day-strip"
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
        id="day-strip"
        role="list"
        aria-labelledby="day-strip-label"
        aria-describedby="day-strip-hint"
        onKeyDown={onStripKeyDown}
        className={`-mx-2 mt-2 flex snap-x scroll-px-2 gap-2 ${disabled ? 'overflow-x-hidden' : 'overflow-x-auto'} scroll-smooth p-2 pb-3 [scrollbar-width:thin] motion-reduce:scroll-auto`}
      >
        {days.map((day) => {
          const chosen = day.key === selectedDayKey;
          const full = day.slots.length === 0;
          return (
            <li
              key={day.key}
              // The days beyond the strip's edge are drawn as they scroll in; the chosen one,
              // white on the brand colour, always (styles.css, render-near-screen).
              className={`snap-start ${chosen ? '' : 'render-near-screen [--drawn-size:4rem_5rem]'}`}
            >
              <button
                type="button"
                data-day={day.key}
                aria-pressed={chosen}
                aria-describedby={error ? ERROR_ID : undefined}
                tabIndex={day.key === focusKey ? 0 : -1}
                onClick={() => {
                  setArrowKey(day.key);
                  onSelectDay(day.key);
                }}
                className={`${choiceBase} relative flex h-20 w-16 flex-col items-center justify-center gap-0.5 ${full ? choiceFull : choiceIdle}`}
              >
                {/* Seen: MON 23 Nov. Heard: the whole date (abbreviations read badly). */}
                <span aria-hidden="true" className="text-xs font-semibold tracking-wide">
                  {day.weekday}
                </span>
                <span aria-hidden="true" className="text-xl leading-6 font-bold tabular-nums">
                  {day.day}
                </span>
                <span aria-hidden="true" className="text-xs">
                  {day.monthShort}
                </span>
                <span className="sr-only">
                  {full ? `${formatDaySpoken(day)}, no times left` : formatDaySpoken(day)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>

      <h3 id="time-slots-label" className="mt-6 text-base font-semibold text-brand">
        {selectedDay ? (
          <>
            {/* Seen: Choose a time · MON Nov 23. Heard: Choose a time, Monday, November 23. */}
            <span aria-hidden="true">
              Choose a time
              <span className="font-normal text-ink-muted">
                {' '}
                · {selectedDay.weekday} {selectedDay.monthShort} {selectedDay.day}
              </span>
            </span>
            <span className="sr-only">{`Choose a time, ${formatDaySpoken(selectedDay)}`}</span>
          </>
        ) : (
          'Choose a time'
        )}
      </h3>
      <FieldError id={ERROR_ID} message={error} />
      {selectedDay && selectedDay.slots.length > 0 ? (
        <>
          {/* Hidden on small screens (touch), still read as the grid's description. */}
          <p id="time-slots-hint" className="mt-1 hidden text-sm text-ink-muted sm:block">
            Use the arrow keys to move between times.
          </p>
          {markedTimes.length > 0 ? (
            <p id={MARKED_ID} className="mt-1 flex items-baseline gap-2 text-sm text-ink-muted">
              <span aria-hidden="true" className={dot} />
              <span>{marked?.note}</span>
            </p>
          ) : null}
          {/* The day's times by morning, afternoon and evening, each in rows of `SLOTS_PER_ROW`; one
              list of parts, so the arrow keys and Tab treat them as one grid. */}
          <ul
            ref={gridRef}
            role="list"
            aria-labelledby="time-slots-label"
            aria-describedby={error ? `${ERROR_ID} time-slots-hint` : 'time-slots-hint'}
            aria-invalid={error ? true : undefined}
            onKeyDown={onGridKeyDown}
            className="mt-3 space-y-4"
          >
            {slotsByDayPart(selectedDay.slots).map(({ part, slots }) => (
              <li key={part}>
                <h4
                  id={`time-slots-${part}`}
                  className="text-xs font-semibold tracking-wide text-ink-muted uppercase"
                >
                  {part}
                </h4>
                <ul
                  role="list"
                  aria-labelledby={`time-slots-${part}`}
                  className={`mt-2 grid ${SLOT_COLUMNS} gap-1.5 sm:gap-2`}
                >
                  {slots.map((slot) => (
                    <li key={slot.label}>
                      <button
                        type="button"
                        data-time={slot.label}
                        aria-pressed={slot.label === selectedTime}
                        aria-describedby={
                          [
                            error && ERROR_ID,
                            markedTimes.includes(slot.label) && MARKED_ID,
                            // A dotted time's price is in the note it is described by.
                            prices?.has(slot.label) &&
                              !markedTimes.includes(slot.label) &&
                              priceId(slot.label),
                          ]
                            .filter(Boolean)
                            .join(' ') || undefined
                        }
                        tabIndex={slot.label === focusTime ? 0 : -1}
                        onClick={() => {
                          setArrowTime(slot.label);
                          onSelectTime(slot.label);
                        }}
                        className={`${choiceBase} ${choiceIdle} relative min-h-11 w-full px-0.5 py-2 font-medium whitespace-nowrap tabular-nums max-[419px]:text-xs`}
                      >
                        {slot.label}
                        {markedTimes.includes(slot.label) ? (
                          <span aria-hidden="true" className={`${dot} absolute top-1 right-1`} />
                        ) : null}
                      </button>
                      {/* Its price, where it differs from the day's, under it: outside the
                          button, so the time's name and text stay the time; read as its
                          description (a dotted time's, in the note). */}
                      {prices?.has(slot.label) ? (
                        <span
                          id={priceId(slot.label)}
                          aria-hidden="true"
                          className="mt-0.5 block text-center text-xs text-ink-muted tabular-nums"
                        >
                          {prices.get(slot.label)}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-line bg-canvas p-4 text-sm text-ink-muted">
          No times left on this day. Please choose another day.
        </p>
      )}
      {/* Politely says how many times the chosen day has (and when a kept time is not free). */}
      <p role="status" className="mt-3 min-h-6 text-sm text-ink-muted">
        {selectedDay && <span className="sr-only">{dayStatus(selectedDay)} </span>}
        {timeUnavailable
          ? `${selectedTime} is not free on this day. Please pick another time.`
          : ''}
      </p>
    </div>
  );
}
