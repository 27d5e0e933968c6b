import { LENGTH_CHOICES, lengthMinutes, type RateKind } from './booking-length.ts';
import { busyInstants, fits } from './occupancy.ts';
import type { Service } from './schemas/service.ts';
import {
  SLOT_MINUTES,
  earliestSlotStart,
  lastBookableDay,
  midnightOf,
  addDays,
  slotOfInstant,
  slotStartsAt,
} from './slots.ts';

/*
 * Search by time (docs/product.md, Search by time): which cars are free for a whole stretch, and
 * for each that is not, its nearest free starts before and after. The same `fits` as the car
 * page's grid and the same labels (`slots_booked`), so a car listed free offers that start.
 */

/** A search length in the URL: hours of a car and chauffeur (`3h`), or days of a rental (`2d`). */
export const SEARCH_LENGTH = /^(\d+(?:\.\d+)?)(h|d)$/;

/** The kind and length a search length names, or null when it is not one the site offers. */
export function parseSearchLength(text: string): { kind: RateKind; length: number } | null {
  const match = SEARCH_LENGTH.exec(text);
  if (!match) return null;
  const kind: RateKind = match[2] === 'd' ? 'rental' : 'hourly';
  const length = Number(match[1]);
  return LENGTH_CHOICES[kind].includes(length) ? { kind, length } : null;
}

export const SEARCH_MESSAGES = {
  passengers: 'Passengers must be a whole number from 1 to 60.',
  bags: 'Bags must be a whole number from 0 to 60.',
} as const;

/** What the customer asks: a start on the grid, a length in the kind's unit, and their party. */
export interface CarSearchQuery {
  slotDate: string;
  slotTime: string;
  kind: RateKind;
  /** In the kind's unit (hours, or days for a rental). */
  length: number;
  passengers: number;
  bags: number;
}

/** A start on the grid, as the site names it. */
export interface SlotRef {
  slotDate: string;
  slotTime: string;
}

export interface CarSearchResult {
  /** Cars free for the whole stretch, the smallest that fits the party first. */
  free: Service[];
  /** Cars that fit the party but are busy then, with their nearest free starts. */
  busy: { service: Service; before: SlotRef | null; after: SlotRef | null }[];
}

/** A search by rental is for cars that rent; by hours, for cars with a chauffeured type. */
export function searchKindOf(service: Service, kind: RateKind): boolean {
  const rents = service.availableServiceTypes.some((type) => /rental/i.test(type));
  const drives = service.availableServiceTypes.some((type) => !/rental/i.test(type));
  return kind === 'rental' ? rents : drives;
}

const SLOT_MS = SLOT_MINUTES * 60_000;

/** The cars free for the stretch asked, and the nearest free starts of the others. */
export function searchCars(
  services: readonly Service[],
  query: CarSearchQuery,
  now: Date,
): CarSearchResult {
  const start = slotStartsAt(query.slotDate, query.slotTime);
  const result: CarSearchResult = { free: [], busy: [] };
  if (!start) return result;
  const earliest = earliestSlotStart(now).getTime();
  const end = midnightOf(addDays(lastBookableDay(now), 1)).getTime();
  const minutes = lengthMinutes(query.kind, query.length);
  const fitting = services
    .filter(
      (service) =>
        service.available &&
        service.seats >= query.passengers &&
        service.bags >= query.bags &&
        searchKindOf(service, query.kind),
    )
    .sort((a, b) => a.seats - b.seats || a.bags - b.bags);
  for (const service of fitting) {
    const busy = busyInstants(service.slots_booked);
    const stretch = minutes + service.turnaroundMinutes[query.kind];
    const free = (at: number) => at >= earliest && at < end && fits(busy, at, stretch);
    if (free(start.getTime())) {
      result.free.push(service);
      continue;
    }
    result.busy.push({
      service,
      before: nearest(start.getTime(), -SLOT_MS, earliest, end, free),
      after: nearest(start.getTime(), SLOT_MS, earliest, end, free),
    });
  }
  return result;
}

/** The first start from `from` stepping by `step` (a half hour, either way) that is free. */
function nearest(
  from: number,
  step: number,
  earliest: number,
  end: number,
  free: (at: number) => boolean,
): SlotRef | null {
  // Forward from a start already past, the search begins at the earliest start.
  const first = step > 0 ? Math.max(from + step, earliest) : from + step;
  for (let at = first; at >= earliest && at < end; at += step) {
    if (!free(at)) continue;
    const slot = slotOfInstant(new Date(at));
    // The repeated autumn hour: only its first occurrence is a start the site offers.
    if (slotStartsAt(slot.slotDate, slot.slotTime)?.getTime() === at) return slot;
  }
  return null;
}

/** A search as the URL keeps it (shareable; the back button returns to it). */
export interface CarSearchParams {
  /** `d_m_yyyy` */
  date: string;
  /** `9:30 AM` */
  time: string;
  /** `3h` or `2d` */
  length: string;
  passengers: number;
  bags: number;
}

const WHOLE = /^\d{1,2}$/;

/** A search read from a query string, or null unless every part is one the site offers. */
export function readCarSearch(query: string): CarSearchParams | null {
  const params = queryParams(query);
  const date = params.get('date') ?? '';
  const time = params.get('time') ?? '';
  const length = params.get('length') ?? '';
  const passengers = params.get('passengers') ?? '1';
  const bags = params.get('bags') ?? '0';
  if (!slotStartsAt(date, time) || !parseSearchLength(length)) return null;
  if (!WHOLE.test(passengers) || !WHOLE.test(bags)) return null;
  return { date, time, length, passengers: Number(passengers), bags: Number(bags) };
}

/** The query string of a search (without `?`). */
export function carSearchQuery(search: CarSearchParams): string {
  const { date, time, length, passengers, bags } = search;
  return Object.entries({ date, time, length, passengers, bags })
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** A query string's parameters (the first of each name); what does not decode is left out. */
function queryParams(query: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of query.replace(/^\?/, '').split('&')) {
    const [key = '', value = ''] = part.split('=');
    try {
      const name = decodeURIComponent(key.replace(/\+/g, ' '));
      if (name && !params.has(name))
        params.set(name, decodeURIComponent(value.replace(/\+/g, ' ')));
    } catch {
      // A malformed escape: that parameter is not there.
    }
  }
  return params;
}
