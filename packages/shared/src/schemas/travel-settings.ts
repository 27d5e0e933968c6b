import { z } from 'zod';

/*
 * The offline drive estimate's numbers the owner tunes from the console's Drive times (issue 29):
 * `POST /admin/travel-settings`. Until the owner saves them, the server's `TRAVEL_*` settings apply.
 */

/** The tunable numbers, each with its words and the bounds the server and its env both keep. */
export const TRAVEL_SETTING_FIELDS = {
  roadFactor: { label: 'Road factor', env: 'TRAVEL_ROAD_FACTOR', min: 1, max: 3 },
  dayMph: { label: 'Daytime speed', env: 'TRAVEL_DAY_MPH', min: 5, max: 90 },
  nightMph: { label: 'Night speed', env: 'TRAVEL_NIGHT_MPH', min: 5, max: 90 },
  rushMultiplier: { label: 'Rush-hour multiplier', env: 'TRAVEL_RUSH_MULTIPLIER', min: 1, max: 4 },
} as const;
export type TravelSettingKey = keyof typeof TRAVEL_SETTING_FIELDS;
export const TRAVEL_SETTING_KEYS = [
  'roadFactor',
  'dayMph',
  'nightMph',
  'rushMultiplier',
] as const satisfies readonly TravelSettingKey[];

const setting = (key: TravelSettingKey) => {
  const { label, min, max } = TRAVEL_SETTING_FIELDS[key];
  const range = `${label} must be a number from ${min} to ${max}.`;
  return z.number({ error: range }).min(min, range).max(max, range);
};

export const TRAVEL_SETTINGS_UNKNOWN_MESSAGE =
  'Only the road factor, the two speeds and the rush-hour multiplier can be set here.';

/** `POST /admin/travel-settings`: all four numbers at once. */
export const TravelSettingsInputSchema = z.strictObject(
  {
    roadFactor: setting('roadFactor'),
    dayMph: setting('dayMph'),
    nightMph: setting('nightMph'),
    rushMultiplier: setting('rushMultiplier'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? TRAVEL_SETTINGS_UNKNOWN_MESSAGE : undefined,
  },
);
export type TravelSettingsInput = z.infer<typeof TravelSettingsInputSchema>;

/** The numbers in force: the owner's when saved (`ownerSet`), else the server's `TRAVEL_*` ones. */
export const TravelSettingsStateSchema = z.object({
  values: TravelSettingsInputSchema,
  defaults: TravelSettingsInputSchema,
  ownerSet: z.boolean(),
});
export type TravelSettingsState = z.infer<typeof TravelSettingsStateSchema>;

export const TRAVEL_SETTINGS_SAVED_MESSAGE =
  'Drive time settings saved. New quotes and bookings use them from now on.';

export const TravelSettingsSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  settings: TravelSettingsStateSchema,
});
export type TravelSettingsSavedResponse = z.infer<typeof TravelSettingsSavedResponseSchema>;
