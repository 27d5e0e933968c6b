import { describe, expect, it } from 'vitest';
import { toWinAnsi } from './win-ansi.ts';

describe('toWinAnsi', () => {
  it('keeps what Windows-1252 holds, accents, quotes and the euro included', () => {
    const text = 'Zoë Müller-Núñez, “Café” – 5 € · naïve\nSecond line';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('drops the accents Windows-1252 lacks, and maps letters with none', () => {
    expect(toWinAnsi('Łukasz Żółć, Ağaoğlu, Đorđe, Ilıca')).toBe(
      'Lukasz Zólc, Agaoglu, Dorde, Ilica',
    );
    expect(toWinAnsi('9\u2009AM\u202f\u2212 10\tPM')).toBe('9 AM - 10 PM');
  });

  it('prints ? for what has no near letter, one per character', () => {
    expect(toWinAnsi('Иван 王 🚗')).toBe('???? ? ?');
  });
});
