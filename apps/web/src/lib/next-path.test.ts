import { describe, expect, it } from 'vitest';
import { loginHref, safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeNextPath('/services')).toBe('/services');
    expect(safeNextPath('/appointment/6f1c?day=2026-11-26#book')).toBe(
      '/appointment/6f1c?day=2026-11-26#book',
    );
    expect(safeNextPath('/success?session_id=cs_test_123')).toBe('/success?session_id=cs_test_123');
  });

  it('refuses nothing, relative paths and other sites', () => {
    for (const next of [null, undefined, '', 'services', 'https://evil.example/', 'javascript:x']) {
      expect(safeNextPath(next), String(next)).toBeUndefined();
    }
  });

  it('refuses what a browser reads as another host: `//x` and `/\\x`', () => {
    expect(safeNextPath('//evil.example')).toBeUndefined();
    expect(safeNextPath('//evil.example/services')).toBeUndefined();
    expect(safeNextPath('/\\evil.example')).toBeUndefined();
    expect(safeNextPath('/services\\..\\x')).toBeUndefined();
  });

  it('refuses control characters, which browsers strip before parsing', () => {
    for (const next of ['/\t/evil.example', '/\n/evil.example', '/a\rb', '/a\u0000', '/a\u007f']) {
      expect(safeNextPath(next), JSON.stringify(next)).toBeUndefined();
    }
  });

  it('refuses the signed-out-only pages, with or without a query, fragment or token', () => {
    for (const next of [
      '/login',
      '/login?next=/services',
      '/login#top',
      '/login/',
      '/forgot-password',
      '/reset-password/abcdefghijklmnopqrstuvwxyz',
    ]) {
      expect(safeNextPath(next), next).toBeUndefined();
    }
    // Only those pages: a path that merely starts with the same letters is kept.
    expect(safeNextPath('/login-help')).toBe('/login-help');
  });

  it('takes up to 2000 characters', () => {
    const longest = `/${'a'.repeat(1999)}`;
    expect(safeNextPath(longest)).toBe(longest);
    expect(safeNextPath(`${longest}a`)).toBeUndefined();
  });

  it('resolves dot segments and keeps one leading slash, so `/.//x` cannot become `//x`', () => {
    expect(safeNextPath('/.//x')).toBe('/x');
    expect(safeNextPath('/./..//evil.example/a?b=c#d')).toBe('/evil.example/a?b=c#d');
    expect(safeNextPath('/services/.././/my-profile')).toBe('/my-profile');
    expect(safeNextPath('/./login')).toBeUndefined();
  });
});

describe('loginHref', () => {
  it('carries a safe destination, encoded', () => {
    expect(loginHref('/my-profile')).toBe('/login?next=%2Fmy-profile');
    expect(loginHref('/success?session_id=cs_1')).toBe(
      '/login?next=%2Fsuccess%3Fsession_id%3Dcs_1',
    );
  });

  it('drops an unsafe one', () => {
    expect(loginHref('//evil.example')).toBe('/login');
    expect(loginHref('/login')).toBe('/login');
  });
});
