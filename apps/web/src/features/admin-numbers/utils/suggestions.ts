import type { DriveBandTimes, TravelSettingsInput } from '@app/shared';

/** The values the drives suggest, for the bands with enough of them. */
export function suggestionsOf(bands: readonly DriveBandTimes[]): Partial<TravelSettingsInput> {
  const found: Partial<TravelSettingsInput> = {};
  for (const { setting } of bands) {
    if (setting.suggested !== null) found[setting.key] = setting.suggested;
  }
  return found;
}
