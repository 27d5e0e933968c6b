/**
 * `npm run tool:marks`: writes the marks the site draws (car makers, social networks) as SVG
 * files from simple-icons, into `apps/web/public/images/marks`. The pages draw them through a
 * CSS mask in the text colour (`.mark` in `apps/web/src/styles.css`), so their paths stay out of
 * the home page's JavaScript.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siChevrolet, siFacebook, siHonda, siKia, siTesla, siToyota, siX } from 'simple-icons';

export const MARKS_DIR = resolve(import.meta.dirname, '../../apps/web/public/images/marks');

/** Each mark by the name its file and CSS class take (`tesla.svg`, `.mark-tesla`). */
export const MARKS = {
  tesla: siTesla,
  honda: siHonda,
  toyota: siToyota,
  kia: siKia,
  chevrolet: siChevrolet,
  facebook: siFacebook,
  x: siX,
} as const;

/** A mark's file: its path on simple-icons' 24 x 24 grid, with the icon's name as its title. */
export function markSvg(icon: { title: string; path: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>${icon.title}</title><path d="${icon.path}"/></svg>\n`;
}

export function writeMarks(): string[] {
  mkdirSync(MARKS_DIR, { recursive: true });
  return Object.entries(MARKS).map(([name, icon]) => {
    const file = join(MARKS_DIR, `${name}.svg`);
    writeFileSync(file, markSvg(icon));
    return file;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of writeMarks()) console.log(`wrote ${file}`);
}
