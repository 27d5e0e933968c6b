import { useId, useMemo, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import {
  DAY_SLOT_TIMES,
  LENGTH_CHOICES,
  SEARCH_MESSAGES,
  addDays,
  businessToday,
  carSearchQuery,
  formatLength,
  lastBookableDay,
  monthName,
  slotDateKey,
  weekdayOf,
  type CarSearchParams,
  type CalendarDate,
} from '@app/shared';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { useHydrated, useToday } from '../../../lib/rendered-at.ts';
import { buttonPrimary, card } from '../../../components/ui/styles.ts';

const LENGTHS = [
  ...LENGTH_CHOICES.hourly.map((hours) => ({
    value: `${hours}h`,
    label: formatLength('hourly', hours),
  })),
  ...LENGTH_CHOICES.rental.map((days) => ({
    value: `${days}d`,
    label: `${formatLength('rental', days)} (rental)`,
  })),
];

/** Tomorrow at 9:00 AM for three hours, for one: where a fresh search starts. */
function freshSearch(today: CalendarDate): CarSearchParams {
  return {
    date: slotDateKey(addDays(today, 1)),
    time: '9:00 AM',
    length: '3h',
    passengers: 1,
    bags: 0,
  };
}

/**
 * "When?": a date, a time, a length and the party, sent to /services as a search the URL keeps
 * (shareable; the back button returns to it). The date is one of the booking window's days.
 */
export function WhenForm({ initial }: { initial?: CarSearchParams | null }) {
  const id = useId();
  const [, navigate] = useLocation();
  // The server's day while its HTML is hydrated, so the two draw the same dates.
  const now = useToday();
  const hydrated = useHydrated();
  const today = useMemo(() => businessToday(now), [now]);
  const days = useMemo(() => {
    const last = slotDateKey(lastBookableDay(now));
    const list: { value: string; label: string }[] = [];
    for (let offset = 0; ; offset++) {
      const day = addDays(today, offset);
      const key = slotDateKey(day);
      list.push({
        value: key,
        label: `${weekdayOf(day).slice(0, 3)}, ${monthName(day.month).slice(0, 3)} ${day.day}`,
      });
      if (key === last) return list;
    }
  }, [now, today]);
  const start = initial ?? freshSearch(today);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [length, setLength] = useState(start.length);
  const [passengers, setPassengers] = useState(String(start.passengers));
  const [bags, setBags] = useState(String(start.bags));
  const [errors, setErrors] = useState<{ passengers?: string; bags?: string }>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = {
      passengers:
        /^\d{1,2}$/.test(passengers.trim()) && Number(passengers) >= 1
          ? undefined
          : SEARCH_MESSAGES.passengers,
      bags: /^\d{1,2}$/.test(bags.trim()) ? undefined : SEARCH_MESSAGES.bags,
    };
    setErrors(found);
    if (found.passengers || found.bags) {
      document.getElementById(`${id}-${found.passengers ? 'passengers' : 'bags'}`)?.focus();
      return;
    }
    const search = { date, time, length, passengers: Number(passengers), bags: Number(bags) };
    navigate(`/services?${carSearchQuery(search)}`);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      role="search"
      className={`${card} grid gap-4 p-5 sm:grid-cols-2 sm:p-6 lg:grid-cols-6 lg:items-end`}
    >
      <h2
        id={`${id}-title`}
        className="text-lg font-semibold text-brand sm:col-span-2 lg:col-span-6"
      >
        When?
      </h2>
      {/* The server's form waits, disabled, until hydrated: a choice made before would be reset by
          the hydration that follows, and the search sent with what the customer did not choose. */}
      <fieldset disabled={!hydrated} className="contents">
        <SelectField
          label="Date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          options={days}
        />
        <SelectField
          label="Time"
          value={time}
          onChange={(e) => setTime(e.target.value)}
          options={DAY_SLOT_TIMES.map((label) => ({ value: label, label }))}
        />
        <SelectField
          label="For"
          value={length}
          onChange={(e) => setLength(e.target.value)}
          options={LENGTHS}
        />
        <TextField
          id={`${id}-passengers`}
          label="Passengers"
          inputMode="numeric"
          autoComplete="off"
          value={passengers}
          onChange={(e) => setPassengers(e.target.value)}
          error={errors.passengers}
        />
        <TextField
          id={`${id}-bags`}
          label="Large bags"
          inputMode="numeric"
          autoComplete="off"
          value={bags}
          onChange={(e) => setBags(e.target.value)}
          error={errors.bags}
        />
        <button type="submit" className={`${buttonPrimary} w-full`}>
          Find a free car
        </button>
      </fieldset>
    </form>
  );
}
