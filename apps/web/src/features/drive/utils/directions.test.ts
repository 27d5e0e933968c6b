import { describe, expect, it } from 'vitest';
import { MAPS_APPS } from './directions.ts';

describe('directions in each maps app', () => {
  const address = '12 Main Street, Norfolk, MA 02056 & Co #2';
  const urls = Object.fromEntries(MAPS_APPS.map((app) => [app.name, new URL(app.url(address))]));

  it('gives the address whole to Google Maps, Apple Maps and Waze', () => {
    expect(urls['Google Maps']?.origin).toBe('https://www.google.com');
    expect(urls['Google Maps']?.searchParams.get('api')).toBe('1');
    expect(urls['Google Maps']?.searchParams.get('destination')).toBe(address);
    expect(urls['Apple Maps']?.origin).toBe('https://maps.apple.com');
    expect(urls['Apple Maps']?.searchParams.get('daddr')).toBe(address);
    expect(urls['Waze']?.origin).toBe('https://waze.com');
    expect(urls['Waze']?.searchParams.get('q')).toBe(address);
    expect(urls['Waze']?.searchParams.get('navigate')).toBe('yes');
  });
});
