import { formatSlotTime, wallClockAt } from '@app/shared';

/*
 * Can the car get there (docs/product.md, The booking; ADR 020)? A car is at its previous live
 * booking's drop-off from that booking's end or, with no live booking of the car ending in the
 * 12 hours before, at its base (the car's address). A stretch [start, end) from pickup P to
 * drop-off D is reachable when
 *   (a) max(now, previous end) + drive(previous place → P, leaving then) ≤ start, and
 *   (b) for the car's next live booking starting at or after this one's end (within 12 hours),
 *       end + drive(D → its pickup, leaving at end) ≤ its start.
 * The turnaround stays the overlap constraint's business: the longer of it and the drive applies.
 * A place the estimator cannot locate imposes no drive; the same place text (any case or
 * spacing) is no drive at all. Pure: the neighbours and the drive are handed in.
 */

/** How far back a drop-off, and ahead a pickup, still binds the car. */
export const NEIGHBOUR_WINDOW_MS = 12 * 60 * 60 * 1000;

/** A live booking of the car (paid, or a hold still running: `keepsItsCar`). */
export interface Stay {
  id: string;
  start: Date;
  /** The ride's end (`ends_at`), without the turnaround. */
  end: Date;
  pickup: string;
  dropoff: string;
}

/** A stretch asked for: a booking, a reschedule or a move. */
export interface Stretch {
  start: Date;
  end: Date;
  pickup: string;
  dropoff: string;
}

/**
 * The drive between two places leaving at a time, in whole minutes, or null for a place it
 * cannot locate. Only the offline estimate may answer inside the car's lock (ADR 019).
 */
export type Drive = (from: string, to: string, departAt: Date) => number | null;

/** What the rule needs of one car, read once: its base and its live bookings near the stretches asked. */
export interface CarNeighbourhood {
  /** The car's address (`services.address`): where it waits with no booking before. */
  base: string;
  stays: readonly Stay[];
}

export interface Neighbours {
  previous: Stay | null;
  next: Stay | null;
}

/** Why a stretch cannot be reached: the leg that does not fit, for the owner's eyes only. */
export type Shortfall =
  | { leg: 'from previous'; place: string; at: Date; minutes: number }
  | { leg: 'from base'; place: string; minutes: number }
  | { leg: 'to next'; place: string; at: Date; minutes: number };

/** `unlocated`: each drive the estimator could not place (`from “A” to “B”`), taken as none. */
export type Reach =
  | { reachable: true; unlocated: string[] }
  | { reachable: false; shortfall: Shortfall; unlocated: string[] };

/**
 * The previous live booking (the latest ending in the 12 hours up to `start`) and the next one
 * (the earliest starting in the 12 hours from `end`). A booking over the stretch itself is
 * neither: the overlap constraint refuses it.
 */
export function neighboursOf(
  stays: readonly Stay[],
  stretch: { start: Date; end: Date },
): Neighbours {
  const start = stretch.start.getTime();
  const end = stretch.end.getTime();
  let previous: Stay | null = null;
  let next: Stay | null = null;
  for (const stay of stays) {
    const stayEnd = stay.end.getTime();
    const stayStart = stay.start.getTime();
    if (stayEnd <= start && stayEnd >= start - NEIGHBOUR_WINDOW_MS) {
      if (!previous || stayEnd > previous.end.getTime()) previous = stay;
    }
    if (stayStart >= end && stayStart <= end + NEIGHBOUR_WINDOW_MS) {
      if (!next || stayStart < next.start.getTime()) next = stay;
    }
  }
  return { previous, next };
}

/** Place text as compared for "the same place": lower case, runs of spaces one. */
function samePlace(a: string, b: string): boolean {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/**
 * The reachability of candidate stretches on one car whose neighbourhood was read once: what a
 * day's grid asks for each start, and a booking for its leg(s). Each candidate is checked
 * against the car's stays and, for a round trip, the candidate's partner legs (`with`).
 */
export function carReach(
  neighbourhood: CarNeighbourhood,
  drive: Drive,
  now: Date,
): (stretch: Stretch, withStretches?: readonly Stretch[]) => Reach {
  const minutesBetween = (from: string, to: string, departAt: Date, unlocated: Set<string>) => {
    if (samePlace(from, to)) return 0;
    const minutes = drive(from, to, departAt);
    if (minutes === null) {
      unlocated.add(`from “${from}” to “${to}”`);
      return 0;
    }
    return minutes;
  };
  return (stretch, withStretches = []) => {
    const stays: Stay[] = [
      ...neighbourhood.stays,
      ...withStretches.map((other, i) => ({ id: `candidate-${i}`, ...other })),
    ];
    const { previous, next } = neighboursOf(stays, stretch);
    const unlocated = new Set<string>();
    const answer = (shortfall: Shortfall | null): Reach =>
      shortfall
        ? { reachable: false, shortfall, unlocated: [...unlocated] }
        : { reachable: true, unlocated: [...unlocated] };
    const start = stretch.start.getTime();

    if (previous) {
      const leave = new Date(Math.max(now.getTime(), previous.end.getTime()));
      const minutes = minutesBetween(previous.dropoff, stretch.pickup, leave, unlocated);
      if (leave.getTime() + minutes * 60_000 > start) {
        return answer({ leg: 'from previous', place: previous.dropoff, at: previous.end, minutes });
      }
    } else if (neighbourhood.base.trim() !== '') {
      // Waiting at its base, the car can leave now and wait near the pickup: late only if it
      // cannot make it from now (leaving later can only run into a slower hour).
      const minutes = minutesBetween(neighbourhood.base, stretch.pickup, now, unlocated);
      if (now.getTime() + minutes * 60_000 > start) {
        return answer({ leg: 'from base', place: neighbourhood.base, minutes });
      }
    }
    if (next) {
      const minutes = minutesBetween(stretch.dropoff, next.pickup, stretch.end, unlocated);
      if (stretch.end.getTime() + minutes * 60_000 > next.start.getTime()) {
        return answer({ leg: 'to next', place: next.pickup, at: next.start, minutes });
      }
    }
    return answer(null);
  };
}

/**
 * Every leg of a booking reachable, each with the others as neighbours (a round trip's return
 * leg follows its first); the first shortfall otherwise.
 */
export function reachOfLegs(
  neighbourhood: CarNeighbourhood,
  legs: readonly Stretch[],
  drive: Drive,
  now: Date,
): Reach {
  const reach = carReach(neighbourhood, drive, now);
  const unlocated = new Set<string>();
  for (const leg of legs) {
    const verdict = reach(
      leg,
      legs.filter((other) => other !== leg),
    );
    for (const place of verdict.unlocated) unlocated.add(place);
    if (!verdict.reachable) return { ...verdict, unlocated: [...unlocated] };
  }
  return { reachable: true, unlocated: [...unlocated] };
}

/** "50 min", "1 h", "1 h 5 min". */
export function durationInWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function clock(at: Date): string {
  const { hour, minute } = wallClockAt(at);
  return formatSlotTime(hour, minute);
}

/** Why the car cannot get there, in words for the owner (never for a customer: another's trip is private). */
export function shortfallInWords(shortfall: Shortfall): string {
  const drive = durationInWords(shortfall.minutes);
  switch (shortfall.leg) {
    case 'from previous':
      return `The car drops off in ${shortfall.place} at ${clock(shortfall.at)} and needs about ${drive} to reach this pickup.`;
    case 'from base':
      return `The car is at its base, ${shortfall.place}, and needs about ${drive} to reach this pickup.`;
    case 'to next':
      return `After this ride the car needs about ${drive} to reach its next pickup in ${shortfall.place} at ${clock(shortfall.at)}.`;
  }
}

/** The owner's note when a place could not be located: only the turnaround kept the car apart there. */
export function unlocatedInWords(unlocated: readonly string[]): string {
  return `The drive ${unlocated.join(' and ')} could not be estimated: only the turnaround was checked.`;
}
