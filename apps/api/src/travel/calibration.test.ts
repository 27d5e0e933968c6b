import { describe, expect, it } from 'vitest';
import { calibrate, MIN_RIDES_TO_SUGGEST, type DrivenRide } from './calibration.ts';
import { DEFAULT_TRAVEL_SETTINGS, driveBandAt } from './drive-speed.ts';

const settings = DEFAULT_TRAVEL_SETTINGS; // 48 mph by day, 56 at night, rush × 1.5
const rides = (band: DrivenRide['band'], pairs: [number, number][]): DrivenRide[] =>
  pairs.map(([estimatedMinutes, realMinutes]) => ({ band, estimatedMinutes, realMinutes }));
const bandOf = (calibration: ReturnType<typeof calibrate>, band: DrivenRide['band']) =>
  calibration.find((each) => each.band === band);

describe('calibrating the offline estimate from real rides', () => {
  it('suggests each band the setting its median ride would have matched', () => {
    const calibration = calibrate(
      [
        // By day the drives took 20 % longer (one queue at Logan changes nothing: the median).
        ...rides('day', [
          [30, 36],
          [40, 48],
          [50, 60],
          [20, 24],
          [60, 200],
        ]),
        // At night 25 % shorter.
        ...rides('night', [
          [40, 30],
          [20, 15],
          [60, 45],
          [80, 60],
          [100, 75],
        ]),
        // In the rush 32 % longer than estimated: the day's 20 % and 10 % more of its own.
        ...rides('rush', [
          [50, 66],
          [25, 33],
          [75, 99],
          [100, 132],
          [40, 52.8],
        ]),
      ],
      settings,
    );
    expect(bandOf(calibration, 'day')).toEqual({
      band: 'day',
      rides: 5,
      estimatedMinutes: 40,
      realMinutes: 48,
      ratio: 1.2,
      setting: { key: 'dayMph', env: 'TRAVEL_DAY_MPH', current: 48, suggested: 40 },
    });
    expect(bandOf(calibration, 'night')?.ratio).toBe(0.75);
    expect(bandOf(calibration, 'night')?.setting).toEqual({
      key: 'nightMph',
      env: 'TRAVEL_NIGHT_MPH',
      current: 56,
      suggested: 75,
    });
    // 1.5 × 1.32 ÷ 1.2: at the day's new speed, the rush's drives match too.
    expect(bandOf(calibration, 'rush')?.setting).toEqual({
      key: 'rushMultiplier',
      env: 'TRAVEL_RUSH_MULTIPLIER',
      current: 1.5,
      suggested: 1.65,
    });
  });

  it('suggests nothing from too few rides, and leaves out drives of no length', () => {
    const few = rides('day', [
      [30, 60],
      [30, 60],
      [30, 0.2],
    ]);
    expect(few.length).toBeLessThan(MIN_RIDES_TO_SUGGEST + 1);
    const day = bandOf(calibrate(few, settings), 'day');
    expect(day).toMatchObject({ rides: 2, ratio: 2, setting: { suggested: null } });
    // The rush's multiplier then keeps the day's speed as it is.
    const rush = bandOf(
      calibrate(
        [
          ...few,
          ...rides(
            'rush',
            Array.from({ length: 5 }, () => [40, 50]),
          ),
        ],
        settings,
      ),
      'rush',
    );
    expect(rush?.setting.suggested).toBe(1.88);
    expect(bandOf(calibrate([], settings), 'night')).toEqual({
      band: 'night',
      rides: 0,
      estimatedMinutes: null,
      realMinutes: null,
      ratio: null,
      setting: { key: 'nightMph', env: 'TRAVEL_NIGHT_MPH', current: 56, suggested: null },
    });
  });

  it('names the band of a departure by the New York clock: rush on workdays only', () => {
    // Tuesday November 24, 2026, 8:15 AM in New York; the same hour on Thanksgiving; 11 PM.
    expect(driveBandAt(new Date('2026-11-24T13:15:00Z'), settings)).toBe('rush');
    expect(driveBandAt(new Date('2026-11-26T13:15:00Z'), settings)).toBe('day');
    expect(driveBandAt(new Date('2026-11-25T04:00:00Z'), settings)).toBe('night');
    expect(driveBandAt(new Date('2026-11-24T16:00:00Z'), settings)).toBe('day');
  });
});
