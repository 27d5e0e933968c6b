import { placeName, type Coordinates, type Gazetteer } from './gazetteer.ts';
import { knownPlaceNamed } from './known-places.ts';
import type { Place } from './travel-time.ts';

export type LocatedBy = 'coordinates' | 'known place' | 'zip' | 'town';

export interface Located extends Coordinates {
  /** What gave the position, most precise first. */
  by: LocatedBy;
}

const COUNTRIES = new Set([
  'usa',
  'us',
  'u s a',
  'u s',
  'united states',
  'united states of america',
]);
/** Longer is no address; the cut also bounds the work a hostile string can ask for. */
const MAX_ADDRESS_LENGTH = 300;
/** Five digits, and a ZIP+4 tail; not part of a longer number. */
const ZIP = /(?<![\d-])(\d{5})(?:-\d{4})?(?!\d)/g;
/** The longest town name tried, in words ("Manchester by the Sea", "King and Queen Court House"). */
const TOWN_WORDS = 6;
/** The longest state name, in words ("District of Columbia"). */
const STATE_WORDS = 3;

function validCoordinates(
  latitude: number | undefined,
  longitude: number | undefined,
): Coordinates | null {
  if (latitude === undefined || longitude === undefined) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The last ZIP code of the text; a number that opens the address is its house number. */
function zipOf(text: string): string | undefined {
  let zip: string | undefined;
  for (const match of text.matchAll(ZIP)) {
    if (match.index === 0 && text.length > match[0].length) continue;
    zip = match[1];
  }
  return zip;
}

/**
 * The state, from the end of the last part that is not only a ZIP code ("MA 02056", "Boston
 * MA", "Rhode Island"), and the words before it that may name the town: the rest of that part,
 * or the part before ("Norfolk, MA").
 */
function stateAndTownWords(
  parts: readonly string[],
  gazetteer: Gazetteer,
): { state: string | undefined; townWords: string[] } {
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const words = (parts[index] ?? '').split(' ');
    while (words.length > 0 && /^\d{4,5}$/.test(words.at(-1) ?? '')) words.pop();
    if (words.length === 0) continue;
    for (let count = Math.min(STATE_WORDS, words.length); count >= 1; count -= 1) {
      const state = gazetteer.state(words.slice(-count).join(' '));
      if (!state) continue;
      const rest = words.slice(0, -count);
      return { state, townWords: rest.length > 0 ? rest : (parts[index - 1]?.split(' ') ?? []) };
    }
    break;
  }
  return { state: undefined, townWords: [] };
}

/**
 * Where a place is, by the most precise thing it gives: its coordinates (when the server has
 * them; the customer's form never sends them, ADR 019), else an airport or station it names, else its ZIP code, else its town and
 * state. Null when it gives none of them: a town without its state is left unplaced, since
 * there are Norfolks in four states.
 */
export function locatePlace(place: Place, gazetteer: Gazetteer): Located | null {
  const given = validCoordinates(place.latitude, place.longitude);
  if (given) return { ...given, by: 'coordinates' };
  const text = place.address.slice(0, MAX_ADDRESS_LENGTH).trim();
  const parts = text
    .split(',')
    .map(placeName)
    .filter((part) => part !== '');
  while (parts.length > 0 && COUNTRIES.has(parts.at(-1) ?? '')) parts.pop();
  const { state, townWords } = stateAndTownWords(parts, gazetteer);
  for (const part of parts) {
    const known = knownPlaceNamed(part);
    if (known && (state === undefined || state === known.state)) {
      return { latitude: known.latitude, longitude: known.longitude, by: 'known place' };
    }
  }
  const zip = zipOf(text);
  const atZip = zip === undefined ? undefined : gazetteer.zip(zip);
  if (atZip) return { ...atZip, by: 'zip' };
  if (state === undefined) return null;
  // The longest run of words ending the town's part that names a town: "East Boston" before "Boston".
  for (let count = Math.min(TOWN_WORDS, townWords.length); count >= 1; count -= 1) {
    const atTown = gazetteer.town(townWords.slice(-count).join(' '), state);
    if (atTown) return { ...atTown, by: 'town' };
  }
  return null;
}
