import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUBSET_FILE, SUBSET_URL, makeSubset, subsetCharacters } from './subset-font.ts';

describe('the site’s cut of Inter', () => {
  it('is the file the script makes from the range in styles.css', async () => {
    const made = await makeSubset();
    // Otherwise: run `npm run tool:font-subset` and commit the file.
    expect(made.equals(readFileSync(SUBSET_FILE)), `${SUBSET_FILE} is stale`).toBe(true);
    // Far smaller than @fontsource's Latin file (48,256 bytes in 5.3.0).
    expect(made.length).toBeLessThan(30_000);
  });

  it('covers the text the pages print: letters, figures and their punctuation', () => {
    const characters = subsetCharacters();
    for (const text of ['Book an Appointment', '0123456789', '$125.00 · 50/50 words', '© — …']) {
      for (const character of text) expect(characters, text).toContain(character);
    }
    // Accented letters are left to @fontsource's Latin file.
    expect(characters).not.toContain('é');
  });

  it('reads single code points and ranges, and refuses what it cannot read', () => {
    const face = (range: string) =>
      `@font-face { src: url('${SUBSET_URL}'); unicode-range: ${range}; }`;
    expect(subsetCharacters(face('U+0041-0043, U+00B7'))).toBe('ABC·');
    expect(() => subsetCharacters(face('U+00??'))).toThrow(/cannot read "U\+00\?\?"/);
    expect(() => subsetCharacters('@font-face { src: url(other.woff2); }')).toThrow(
      /no @font-face/,
    );
  });
});
