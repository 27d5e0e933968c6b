import { describe, expect, it } from 'vitest';
import type { DriveBandTimes } from '@app/shared';
import { suggestionsOf } from './suggestions.ts';

const band = (
  name: DriveBandTimes['band'],
  key: DriveBandTimes['setting']['key'],
  suggested: number | null,
): DriveBandTimes => ({
  band: name,
  rides: suggested === null ? 2 : 5,
  estimatedMinutes: 30,
  realMinutes: 36,
  ratio: 1.2,
  setting: { key, env: 'TRAVEL_X', current: 1, suggested },
});

describe('suggestionsOf', () => {
  it('takes the suggestion of each band with enough drives, and nothing of the others', () => {
    expect(
      suggestionsOf([
        band('rush', 'rushMultiplier', 1.7),
        band('day', 'dayMph', 40),
        band('night', 'nightMph', null),
      ]),
    ).toEqual({ rushMultiplier: 1.7, dayMph: 40 });
    expect(suggestionsOf([band('night', 'nightMph', null)])).toEqual({});
  });
});
