/// <reference types="node" />
/**
 * Cuts the site's own Inter file: the Latin letters, figures and punctuation its pages print,
 * out of @fontsource's whole Latin file (48 KB, 518 glyphs, most of them accented letters and
 * symbols the pages seldom show; the cut has 204). The characters are the `unicode-range` of
 * the @font-face in src/styles.css that names the file: that rule is their one home, and the
 * test beside this script fails when the file and the rule disagree.
 *
 * Run after changing that range or upgrading the font: `npm run tool:font-subset`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web');
const STYLES = join(WEB_DIR, 'src', 'styles.css');
/** As styles.css names it. */
export const SUBSET_URL = './fonts/inter-core-wght-normal.woff2';
export const SUBSET_FILE = join(WEB_DIR, 'src', SUBSET_URL);
const SOURCE = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
/**
 * Only the OpenType features the pages use: kerning, Inter's contextual alternates, tabular
 * figures (`tabular-nums`) and the two that compose and localise glyphs. Fractions, numerators
 * and the like are never asked for and would add 4 KB.
 */
const FEATURES = ['kern', 'calt', 'tnum', 'ccmp', 'locl'];

/** The characters of the subset's @font-face in styles.css, from its `unicode-range`. */
export function subsetCharacters(css = readFileSync(STYLES, 'utf8')): string {
  const face = css
    .split('@font-face')
    .slice(1)
    .find((block) => block.includes(SUBSET_URL));
  const range = /unicode-range:\s*([^;]+);/.exec(face ?? '')?.[1];
  if (!range) throw new Error(`${STYLES}: no @font-face with a unicode-range names ${SUBSET_URL}`);
  let text = '';
  for (const part of range.split(',')) {
    const bounds = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/i.exec(part.trim());
    if (!bounds?.[1])
      throw new Error(`${STYLES}: cannot read "${part.trim()}" in ${SUBSET_URL}'s range`);
    const first = parseInt(bounds[1], 16);
    const last = bounds[2] ? parseInt(bounds[2], 16) : first;
    for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  }
  return text;
}

/** The subset as this script writes it. */
export function makeSubset(): Promise<Buffer> {
  // The copy of the font the site itself loads (and ships the other Latin glyphs from).
  const source = readFileSync(createRequire(join(WEB_DIR, 'package.json')).resolve(SOURCE));
  return subsetFont(source, subsetCharacters(), {
    targetFormat: 'woff2',
    keepFeatures: FEATURES,
    // The cut is a modified Inter under the SIL Open Font License: its copyright (name 0, kept
    // by default) and the licence's address (name 14) travel in the file.
    preserveNameIds: [14],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const subset = await makeSubset();
  writeFileSync(SUBSET_FILE, subset);
  console.log(`wrote ${SUBSET_FILE} (${subset.length} bytes)`);
}
