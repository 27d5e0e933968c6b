import type { ZipCode } from 'zipcodes';

/*
 * US ZIP codes and towns with their coordinates, from the `zipcodes` package (its data is
 * GeoNames' postal codes, CC BY 4.0, shipped inside the package: no network). Loaded on first
 * use, which the server makes its very first step (server.ts): it is 5 MB of JavaScript that
 * stalls the process for a tenth of a second or more while it parses, and every test that
 * builds the app would otherwise pay for it for nothing.
 */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** One ZIP code, as the package has it (its objects are shared, not copied: 40,000 of them). */
export interface GazetteerEntry extends Coordinates {
  zip: string;
  /** As the data spells it: `Norfolk`. */
  city: string;
  /** Two letters: `MA`. */
  state: string;
}

export interface Gazetteer {
  /** A 5-digit ZIP code's centre, or undefined for one it does not know. */
  zip(code: string): Coordinates | undefined;
  /** A town's centre (the mean of its ZIP codes'), by its name as `placeName` writes it and its state's two letters. */
  town(name: string, state: string): Coordinates | undefined;
  /** Two letters (`MA`) for a state's letters or name, any case; undefined for neither. */
  state(nameOrLetters: string): string | undefined;
  /** Every US ZIP code it knows, with its town (the benchmark draws addresses from them). */
  readonly entries: readonly GazetteerEntry[];
}

/** A name as the gazetteer keys it: lower case, anything but letters and digits one space. */
export function placeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function townKey(name: string, state: string): string {
  return `${state}|${placeName(name)}`;
}

export function buildGazetteer(
  codes: Record<string, ZipCode>,
  stateNames: Record<string, string>,
): Gazetteer {
  const entries: GazetteerEntry[] = [];
  const zips = new Map<string, GazetteerEntry>();
  const towns = new Map<string, { latitude: number; longitude: number; count: number }>();
  for (const code of Object.values(codes)) {
    // A few hundred entries have no position (0, 0); Canada's codes are not wanted here.
    if (code.country !== 'US' || !code.latitude || !code.longitude) continue;
    entries.push(code);
    zips.set(code.zip, code);
    const key = townKey(code.city, code.state);
    const sum = towns.get(key);
    if (sum) {
      sum.latitude += code.latitude;
      sum.longitude += code.longitude;
      sum.count += 1;
    } else towns.set(key, { latitude: code.latitude, longitude: code.longitude, count: 1 });
  }
  const townCentres = new Map<string, Coordinates>();
  for (const [key, sum] of towns) {
    townCentres.set(key, {
      latitude: sum.latitude / sum.count,
      longitude: sum.longitude / sum.count,
    });
  }
  const letters = new Set(entries.map((entry) => entry.state));
  const byName = new Map<string, string>();
  for (const [name, abbreviation] of Object.entries(stateNames)) {
    if (letters.has(abbreviation)) byName.set(placeName(name), abbreviation);
  }
  return {
    zip(code) {
      const entry = zips.get(code);
      return entry && { latitude: entry.latitude, longitude: entry.longitude };
    },
    town: (name, state) => townCentres.get(townKey(name, state)),
    state(nameOrLetters) {
      const upper = nameOrLetters.trim().toUpperCase();
      if (letters.has(upper)) return upper;
      return byName.get(placeName(nameOrLetters));
    },
    entries,
  };
}

let loading: Promise<Gazetteer> | undefined;

/** The package's gazetteer, parsed once per process on first use. */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= import('zipcodes').then(
    ({ default: zipcodes }) => buildGazetteer(zipcodes.codes, zipcodes.states.full),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
