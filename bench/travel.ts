/**
 * The offline travel-time estimate (`npm run bench:travel`): estimates a second, and
 * microseconds a call, over random address pairs drawn from its gazetteer, in one process
 * (no server: a booking will call it inside its request, the feasibility check once per pair
 * of neighbouring rides).
 *
 * Two sets of pairs: New England (MA, RI, NH, CT: the business's drives, tens of miles) and
 * the whole US (drives of days: the hour-by-hour loop at its longest). Each address is written
 * as a customer would: a street, town, state and ZIP code; a town and state; or an airport or
 * station by name. Figures only: nothing here fails on a budget.
 */
import { availableParallelism, loadavg } from 'node:os';
import { loadGazetteer, type GazetteerEntry } from '../apps/api/src/travel/gazetteer.ts';
import { KNOWN_PLACES } from '../apps/api/src/travel/known-places.ts';
import { createOfflineTravelTime } from '../apps/api/src/travel/offline-travel-time.ts';
import type { Place } from '../apps/api/src/travel/travel-time.ts';
import { median, positiveSetting, runMain, table } from './lib/harness.ts';

const PAIRS = positiveSetting('BENCH_PAIRS', 5000, { integer: true });
const ROUNDS = positiveSetting('BENCH_ROUNDS', 5, { integer: true });
const NEW_ENGLAND = new Set(['MA', 'RI', 'NH', 'CT']);

/** mulberry32: the same pairs on every run. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pairsFrom(entries: readonly GazetteerEntry[], seed: number): [Place, Place][] {
  const random = randomFrom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const address = (): Place => {
    const form = random();
    if (form < 0.1) return { address: pick(KNOWN_PLACES).names[0] ?? '' };
    const entry = pick(entries);
    const street = `${1 + Math.floor(random() * 400)} Main Street`;
    return form < 0.7
      ? { address: `${street}, ${entry.city}, ${entry.state} ${entry.zip}, USA` }
      : { address: `${entry.city}, ${entry.state}` };
  };
  return Array.from({ length: PAIRS }, () => [address(), address()]);
}

/** A weekday's hours, from night through both rushes, in New York (December: UTC-5). */
const DEPARTURES = Array.from(
  { length: 24 },
  (_, hour) => new Date(Date.UTC(2026, 11, 2, hour + 5, 10)),
);

async function measure(
  pairs: readonly [Place, Place][],
): Promise<{ perSecond: number; placed: number }> {
  const travelTime = createOfflineTravelTime();
  const rates: number[] = [];
  let placed = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    placed = 0;
    const start = performance.now();
    for (let index = 0; index < pairs.length; index += 1) {
      const [from, to] = pairs[index] as [Place, Place];
      const departAt = DEPARTURES[index % DEPARTURES.length] as Date;
      if (await travelTime.estimate(from, to, departAt)) placed += 1;
    }
    rates.push(pairs.length / ((performance.now() - start) / 1000));
  }
  return { perSecond: median(rates), placed };
}

runMain(async () => {
  const loadStart = performance.now();
  const gazetteer = await loadGazetteer();
  const loadMs = performance.now() - loadStart;
  const newEngland = gazetteer.entries.filter((entry) => NEW_ENGLAND.has(entry.state));
  const sets = [
    { name: 'New England (MA, RI, NH, CT)', pairs: pairsFrom(newEngland, 29) },
    { name: 'the whole US', pairs: pairsFrom(gazetteer.entries, 29) },
  ];
  // Warm-up: the first calls run before the JIT has compiled the hot paths.
  await measure(sets[0]?.pairs.slice(0, 500) ?? []);
  const rows = [['pairs', 'estimates/s', 'µs a call', 'placed']];
  for (const set of sets) {
    const { perSecond, placed } = await measure(set.pairs);
    rows.push([
      set.name,
      Math.round(perSecond).toLocaleString('en-US'),
      (1e6 / perSecond).toFixed(1),
      `${placed} of ${set.pairs.length}`,
    ]);
  }
  console.log(
    `Offline travel time: ${PAIRS} address pairs, median of ${ROUNDS} rounds, one process` +
      ` (${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(2)})`,
  );
  console.log(
    `Gazetteer: ${gazetteer.entries.length.toLocaleString('en-US')} ZIP codes, loaded on first use in ${loadMs.toFixed(0)} ms\n`,
  );
  console.log(table(rows));
});
