/**
 * Draws the site's car illustrations as small, hand-tuned SVGs: one side view per demo
 * catalogue entry (apps/web/public/images/cars/<slug>.svg), plus the home page hero
 * (apps/web/public/images/hero.svg) and banner (apps/web/public/images/banner.svg).
 *
 * Run with `npm run tool:car-artwork` (after adding a car to the catalogue) and commit the files.
 *
 * Every car is one of five parametrised body kinds, painted in its own colour with the
 * same lighting, glass, wheels and backdrop, so the fleet looks like one set.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEMO_CATALOGUE } from '@app/db';
import { banner } from './banner.ts';
import { card } from './card.ts';
import { FLEET } from './fleet.ts';
import { hero } from './hero.ts';

const PUBLIC_DIR = join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'images');

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  console.log(`${String(content.length).padStart(6)}  ${path}`);
}

function main(): void {
  for (const entry of DEMO_CATALOGUE) {
    const slug = /^\/images\/cars\/([a-z0-9-]+)\.svg$/.exec(entry.image)?.[1];
    const spec = slug ? FLEET[slug] : undefined;
    if (!slug || !spec) throw new Error(`No drawing for ${entry.name} (${entry.image})`);
    write(join(PUBLIC_DIR, 'cars', `${slug}.svg`), card(spec));
  }
  write(join(PUBLIC_DIR, 'hero.svg'), hero());
  write(join(PUBLIC_DIR, 'banner.svg'), banner());
}

main();
