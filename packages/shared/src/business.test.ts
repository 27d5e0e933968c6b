import { describe, expect, it } from 'vitest';
import {
  googleReviewUrlFromEnv,
  DEFAULT_BUSINESS,
  businessFromEnv,
  formatAddress,
  resolveBusiness,
  telHref,
  yearsOfExperience,
} from './business.ts';

describe('business configuration', () => {
  it('keeps the defaults for unset or blank overrides', () => {
    expect(resolveBusiness({})).toEqual(DEFAULT_BUSINESS);
    expect(resolveBusiness({ phone: '  ', email: undefined }).phone).toBe(DEFAULT_BUSINESS.phone);
  });

  it('takes overrides', () => {
    const business = resolveBusiness({ phone: '508-555-0199', email: 'rides@example.com' });
    expect(business.phone).toBe('508-555-0199');
    expect(business.email).toBe('rides@example.com');
  });

  it('reads the overrides from BUSINESS_* variables', () => {
    const business = businessFromEnv({
      BUSINESS_NAME: 'Dedham Cars',
      BUSINESS_PHONE: ' ',
      HOME: '/',
    });
    expect(business.name).toBe('Dedham Cars');
    expect(business.phone).toBe(DEFAULT_BUSINESS.phone);
    expect(businessFromEnv({})).toEqual(DEFAULT_BUSINESS);
  });

  it('lists only the social profiles that are set, as http(s) addresses', () => {
    expect(DEFAULT_BUSINESS.social).toEqual([]);
    const business = businessFromEnv({
      BUSINESS_FACEBOOK_URL: 'https://www.facebook.com/norfolkrides',
      BUSINESS_INSTAGRAM_URL: ' ',
      BUSINESS_X_URL: 'javascript:alert(1)',
    });
    expect(business.social).toEqual([
      { label: 'Facebook', href: 'https://www.facebook.com/norfolkrides' },
    ]);
  });

  it('reads the opening hours and the licence statement, keeping the defaults when blank', () => {
    const business = businessFromEnv({
      BUSINESS_HOURS: 'Monday to Saturday, 6 AM to 11 PM',
      BUSINESS_LICENCE: '',
    });
    expect(business.hours).toBe('Monday to Saturday, 6 AM to 11 PM');
    expect(business.licence).toBe(DEFAULT_BUSINESS.licence);
    expect(DEFAULT_BUSINESS.licence).toMatch(/licensed/i);
    expect(DEFAULT_BUSINESS.licence).toMatch(/insur/i);
  });

  it('reads the Google review page, hidden when unset or not an http(s) address', () => {
    const url = 'https://g.page/r/norfolkrides/review';
    expect(googleReviewUrlFromEnv({ BUSINESS_GOOGLE_REVIEW_URL: ` ${url} ` })).toBe(url);
    for (const value of [undefined, '', 'g.page/r/x', 'javascript:alert(1)']) {
      expect(googleReviewUrlFromEnv({ BUSINESS_GOOGLE_REVIEW_URL: value })).toBeNull();
    }
  });

  it('has a Norfolk, MA address and a dialable phone', () => {
    expect(formatAddress(DEFAULT_BUSINESS)).toMatch(/Norfolk, MA \d{5}$/);
    expect(telHref('781-555-0142')).toBe('tel:+17815550142');
  });

  it('counts years of experience from 2010', () => {
    expect(yearsOfExperience(new Date('2026-11-22T12:00:00Z'))).toBe(16);
    // 8 PM on New Year's Eve in New York is already 2027 in UTC.
    expect(yearsOfExperience(new Date('2027-01-01T01:00:00Z'))).toBe(16);
  });
});
