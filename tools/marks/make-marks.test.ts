import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKS, MARKS_DIR, markSvg } from './make-marks.ts';

describe('the marks the site draws', () => {
  it('are the files the tool makes from simple-icons', () => {
    // Otherwise: run `npm run tool:marks` and commit the files.
    expect(readdirSync(MARKS_DIR).sort()).toEqual(
      Object.keys(MARKS)
        .map((n) => `${n}.svg`)
        .sort(),
    );
    for (const [name, icon] of Object.entries(MARKS)) {
      expect(readFileSync(join(MARKS_DIR, `${name}.svg`), 'utf8'), `${name}.svg is stale`).toBe(
        markSvg(icon),
      );
    }
  });

  it('each have the class that draws them in the stylesheet', () => {
    const css = readFileSync(resolve(MARKS_DIR, '../../../src/styles.css'), 'utf8');
    for (const name of Object.keys(MARKS)) {
      expect(css).toContain(`.mark-${name} {\n    --mark: url('/images/marks/${name}.svg');`);
    }
  });
});
