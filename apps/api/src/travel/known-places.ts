import type { Coordinates } from './gazetteer.ts';

/**
 * The airports and stations customers name rather than give an address for. A ZIP code or a
 * town would put Logan at the centre of East Boston, a mile and a tunnel from the terminals.
 */
export interface KnownPlace extends Coordinates {
  name: string;
  /** Two letters: a place named in another state ("Logan, UT") is not this one. */
  state: string;
  /** The names it goes by, written as `placeName` writes them (lower case, single spaces). */
  names: readonly string[];
}

export const KNOWN_PLACES: readonly KnownPlace[] = [
  {
    name: 'Boston Logan International Airport',
    state: 'MA',
    latitude: 42.3656,
    longitude: -71.0096,
    names: [
      'logan',
      'bos',
      'logan airport',
      'logan international',
      'logan international airport',
      'logan intl',
      'logan intl airport',
      'boston logan',
      'boston logan airport',
      'boston logan international airport',
      'boston logan intl airport',
      'boston airport',
      'general edward lawrence logan international airport',
    ],
  },
  {
    name: 'Rhode Island T. F. Green International Airport',
    state: 'RI',
    latitude: 41.7259,
    longitude: -71.4325,
    names: [
      'pvd',
      'tf green',
      't f green',
      'tf green airport',
      't f green airport',
      'tf green international airport',
      't f green international airport',
      'rhode island t f green international airport',
      'rhode island tf green international airport',
      'rhode island international airport',
      'green airport',
      'providence airport',
    ],
  },
  {
    name: 'Boston South Station',
    state: 'MA',
    latitude: 42.3523,
    longitude: -71.0552,
    names: [
      'south station',
      'boston south station',
      'south station boston',
      'south station bus terminal',
      'south station transportation center',
    ],
  },
  {
    name: 'Back Bay Station',
    state: 'MA',
    latitude: 42.3474,
    longitude: -71.0755,
    names: ['back bay station', 'boston back bay station', 'back bay amtrak station'],
  },
  {
    name: 'North Station',
    state: 'MA',
    latitude: 42.3663,
    longitude: -71.0622,
    names: ['north station', 'boston north station'],
  },
  {
    name: 'Providence Station',
    state: 'RI',
    latitude: 41.8295,
    longitude: -71.4135,
    names: ['providence station', 'providence amtrak station', 'amtrak providence station'],
  },
  {
    name: 'Route 128 Station',
    state: 'MA',
    latitude: 42.2103,
    longitude: -71.1473,
    names: [
      'route 128 station',
      'rt 128 station',
      '128 station',
      'westwood station',
      'route 128 amtrak station',
    ],
  },
];

const BY_NAME = new Map(
  KNOWN_PLACES.flatMap((place) => place.names.map((name) => [name, place] as const)),
);

/** Words a part of an address may add to a known place's name: `(BOS)`, `Terminal B`, `Arrivals`. */
const QUALIFIERS = /(?: (?:terminal [a-e]|arrivals|departures|bos|pvd|amtrak|mbta))+$/;

/**
 * The known place one part of an address (between commas, as `placeName` writes it) names:
 * the whole part must be one of its names, so "12 Logan St" is not the airport.
 */
export function knownPlaceNamed(part: string): KnownPlace | undefined {
  return BY_NAME.get(part) ?? BY_NAME.get(part.replace(QUALIFIERS, ''));
}
