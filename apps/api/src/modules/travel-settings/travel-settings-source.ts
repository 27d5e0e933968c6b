import { eq } from 'drizzle-orm';
import { travelSettings, type Database } from '@app/db';
import {
  TRAVEL_SETTING_KEYS,
  type TravelSettingsInput,
  type TravelSettingsState,
} from '@app/shared';
import type { TravelSettings } from '../../travel/drive-speed.ts';

/**
 * Where every estimate gets the offline drive's settings (issue 29): the owner's saved numbers
 * over the server's `TRAVEL_*` defaults. Read per request, never cached: the row is one
 * primary-key read (well under a millisecond), and a change saved on one instance must hold on
 * every other at once, as a quote and the booking that follows may reach different instances.
 * Ask it before a transaction and pass the values in: under a car's lock nothing more is read.
 */
export interface TravelSettingsSource {
  /** The settings in force now. */
  current(): Promise<TravelSettings>;
  /** The same, with what the console's form shows: the numbers, the defaults, who set them. */
  read(): Promise<{ settings: TravelSettings; state: TravelSettingsState }>;
}

/** The four tunable numbers of a full settings value. */
export function tunableOf(settings: TravelSettingsInput): TravelSettingsInput {
  return Object.fromEntries(
    TRAVEL_SETTING_KEYS.map((key) => [key, settings[key]]),
  ) as TravelSettingsInput;
}

/** The row's four tunable numbers, as a select reads them. */
export const TUNABLE_COLUMNS = {
  roadFactor: travelSettings.roadFactor,
  dayMph: travelSettings.dayMph,
  nightMph: travelSettings.nightMph,
  rushMultiplier: travelSettings.rushMultiplier,
};

/** The owner's saved numbers, or null while they have saved none. */
export async function readOwnerTravelSettings(db: Database): Promise<TravelSettingsInput | null> {
  const [row] = await db
    .select(TUNABLE_COLUMNS)
    .from(travelSettings)
    .where(eq(travelSettings.id, 1));
  return row ?? null;
}

/** The settings from the database, `defaults` (the configured `TRAVEL_*`) where the owner set none. */
export function travelSettingsFrom(db: Database, defaults: TravelSettings): TravelSettingsSource {
  return {
    async current() {
      return { ...defaults, ...(await readOwnerTravelSettings(db)) };
    },
    async read() {
      return settingsRead(defaults, await readOwnerTravelSettings(db));
    },
  };
}

function settingsRead(defaults: TravelSettings, saved: TravelSettingsInput | null) {
  return {
    settings: { ...defaults, ...saved },
    state: {
      values: saved ?? tunableOf(defaults),
      defaults: tunableOf(defaults),
      ownerSet: saved !== null,
    },
  };
}

/** Settings that never change: for a test or a tool without a database. */
export function fixedTravelSettings(settings: TravelSettings): TravelSettingsSource {
  return {
    current: async () => settings,
    read: async () => settingsRead(settings, null),
  };
}
