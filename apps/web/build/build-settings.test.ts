import { describe, expect, it } from 'vitest';
import { buildSettings } from './build-settings.ts';

describe('the settings a build bakes in', () => {
  it('are the business, policy and VITE_ settings, by name, whatever their order', () => {
    const settings = buildSettings({
      PATH: '/usr/bin',
      SESSION_SECRET: 'never in the site',
      REMINDER_FIRST: '24h',
      BUSINESS_PHONE: '508-555-0199',
      VITE_API_BASE: '/api',
      CHANGE_CUTOFF_HOURS: '12',
      BUSINESS_X_URL: undefined,
    });
    expect(JSON.parse(settings)).toEqual({
      BUSINESS_PHONE: '508-555-0199',
      CHANGE_CUTOFF_HOURS: '12',
      REMINDER_FIRST: '24h',
      VITE_API_BASE: '/api',
    });
    expect(settings).toBe(
      buildSettings({
        VITE_API_BASE: '/api',
        CHANGE_CUTOFF_HOURS: '12',
        BUSINESS_PHONE: '508-555-0199',
        REMINDER_FIRST: '24h',
      }),
    );
  });

  it('change when one of them does', () => {
    expect(buildSettings({ BUSINESS_HOURS: 'Every day' })).not.toBe(
      buildSettings({ BUSINESS_HOURS: 'Weekdays' }),
    );
  });
});
